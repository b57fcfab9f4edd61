// The generic part's own named parts (names of resources/parts.ts): renderers any resource may ask for (a
// level's colour, a long text cut short, a code in words, photos) and the notices' texts. The features plug in
// theirs beside these (src/parts.ts gathers them all; ./parts.ts says how they reach the screens).
import { TextField, useRecordContext, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { choiceKey } from './choiceKey';
import type { RendererProps } from './partProps';
import type { FeatureParts } from './parts';
import { codeWord } from '../lib/codeWord';
import { PhotosField, PhotosInput } from './Photos';

const LEVEL_COLOR = { success: 'success', warning: 'warning', error: 'error', failed: 'error' } as const;

/** A choice as a chip coloured by its severity (a message's or an alarm's level). */
function LevelChip({ resource, source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (v == null) return null;
  return (
    <Chip
      size="small"
      sx={{ minWidth: 64 }}
      color={LEVEL_COLOR[v as keyof typeof LEVEL_COLOR] ?? 'default'}
      label={translate(choiceKey(resource, source, v), { _: v })}
    />
  );
}

/** A long text cut to three lines, so a page of them can be scanned (the record's page shows it all). */
function Clamped({ source }: RendererProps) {
  const record = useRecordContext();
  const v = record?.[source];
  if (v == null) return null;
  return (
    <Box
      component="span"
      title={String(v)}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        maxWidth: 420,
      }}
    >
      {String(v)}
    </Box>
  );
}

function Photos({ source }: RendererProps) {
  return <PhotosField source={source} />;
}

/** A text value as react-admin's own TextField sets it (same size in a column and on a record's page). */
export const ValueText = ({ children }: { children: string }) => (
  <Typography component="span" variant="body2">
    {children}
  </Typography>
);

/** A stored code kept as text (a notification's category) in words: its label under the field's choices, where
 * there is one (`resources.<R>.choices.<field>.<code>`), else the code as stored. */
function Word({ resource, source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (v == null || v === '') return null;
  return <ValueText>{codeWord(translate, resource, source, v)}</ValueText>;
}

export const genericParts = {
  renderers: { level: LevelChip, clamp: Clamped, word: Word, photos: Photos },
  inputs: { photos: PhotosInput },
  cells: {
    'notice.title': { label: (r) => `resources.${r}.fields.title`, render: () => <TextField source="title" /> },
    'notice.content': {
      label: (r) => `resources.${r}.fields.content`,
      render: () => <TextField source="content" sx={{ display: 'block', maxWidth: 420 }} />,
    },
  },
} satisfies FeatureParts;
