// Small read-only building blocks of the order and refund pages: a titled section, a grid of label/value
// pairs, and formatters that follow the viewer's language.
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { choiceKey } from '../declared/fields';
import { useFormat } from '../lib/format';

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function Pairs({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, max-content 1fr)' },
        columnGap: 2,
        rowGap: 1,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function useDateTime() {
  const fmt = useFormat();
  return (v: unknown) => (v ? fmt.dateTime(String(v)) : '');
}

/** Cents as yuan in the viewer's language. */
export function useMoney() {
  return useFormat().money;
}

export function StatusChip({
  resource,
  field,
  value,
  color,
}: {
  resource: string;
  field: string;
  value: unknown;
  color?: 'default' | 'success' | 'error' | 'warning' | 'info';
}) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return <>—</>;
  return (
    <Chip
      size="small"
      color={color ?? 'default'}
      label={translate(choiceKey(resource, field, String(value)), { _: String(value) })}
    />
  );
}
