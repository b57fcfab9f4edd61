// A record's newest related rows as a card on its page (`related` in resources/types.ts, placed by a page that
// lays its cards out itself: a robot's commands, alarms and messages, src/overrides/device.tsx). Read through the
// related resource's own list call, so its permission, tenant scope and declared sort decide what appears; the
// card's header links to that list filtered to this record. Each card draws its own rows.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  RecordContextProvider,
  useCanAccess,
  useGetList,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Box, Card, CardContent, CardHeader, Divider, Link, List, Typography } from '@mui/material';
import type { RelatedDef } from '../../resources/types';
import { findResource } from '../../resources';

/** How many of the newest rows a card shows unless the declaration says. */
const ROWS = 25;

/**
 * The newest rows of `related` naming the record in context (and matching `filter`), when the account may list
 * them; `all` is the related list filtered to this record.
 */
export function useRecent(related: RelatedDef, filter: Record<string, unknown> = {}) {
  const r = useRecordContext();
  const { canAccess } = useCanAccess({ resource: related.resource, action: 'list' });
  const sort = findResource(related.resource)?.list.sort;
  const { data = [] } = useGetList(
    related.resource,
    { filter: { [related.field]: r?._id, ...filter }, pagination: { page: 1, perPage: related.rows ?? ROWS }, sort },
    { enabled: !!r && !!canAccess },
  );
  const all = `/${related.resource}?filter=${encodeURIComponent(JSON.stringify({ [related.field]: r?._id }))}`;
  return { record: r, canList: !!canAccess, rows: data, all };
}

/** A card on a record's page: its title, a link to the whole related list (when `all` is given) and what else its
 * header holds (a robot's measurements use it too, their range choice in the header). */
export function RecordCard(props: {
  title: string;
  testId: string;
  all?: { to: string; label: string };
  action?: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={props.testId}>
      <CardHeader
        title={translate(props.title)}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
        action={
          <>
            {props.all ? (
              <Link component={RouterLink} to={props.all.to} sx={{ mr: 1, fontSize: 14 }}>
                {translate(props.all.label, { smart_count: 2 })}
              </Link>
            ) : null}
            {props.action}
          </>
        }
      />
      {props.children}
    </Card>
  );
}

/** The rows, each in its own record context (its actions take it as their record), or the `empty` text. */
export function RecentRows({
  rows,
  empty,
  testId,
  children,
}: {
  rows: RaRecord[];
  empty: string;
  testId?: string;
  children: (row: RaRecord) => ReactNode;
}) {
  const translate = useTranslate();
  if (rows.length === 0) {
    return (
      <CardContent data-testid={testId}>
        <Typography variant="body2" color="text.secondary">
          {translate(empty)}
        </Typography>
      </CardContent>
    );
  }
  return (
    <List dense disablePadding data-testid={testId}>
      {rows.map((row, i) => (
        <RecordContextProvider key={row.id} value={row}>
          <Box component="li" sx={{ listStyle: 'none' }}>
            {i ? <Divider /> : null}
            {children(row)}
          </Box>
        </RecordContextProvider>
      ))}
    </List>
  );
}
