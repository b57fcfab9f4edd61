// The replenishment parts the declarations name (resources/forecast.ts, resources/restock.ts): "empty in 9 h",
// a week's use per day, a consumable's name, a restock line sold out or low. Plugged in by src/parts.ts
// (docs/architecture.md, "The browser: parts plugged in").
import { useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import type { RendererProps } from '../declared/partProps';
import type { FeatureParts } from '../declared/parts';
import { EmptyIn, MetricName, PerDay } from './parts';

/** A restock line's state: sold out (red) or low (amber). */
function SoldOut({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const out = !!record[source];
  return (
    <Chip
      size="small"
      color={out ? 'error' : 'warning'}
      label={translate(out ? 'vf.restock.sold_out' : 'vf.restock.low')}
    />
  );
}

export const replenishmentParts = {
  renderers: { emptyIn: EmptyIn, perDay: PerDay, metric: MetricName, soldOut: SoldOut },
} satisfies FeatureParts;
