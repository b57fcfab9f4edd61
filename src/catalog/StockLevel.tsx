// A product's stock as people read it: unlimited (-1), sold out (0), low (at or under warn_stock), or the count.
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';

export function StockLevel({ stock, warn }: { stock: number; warn: number }) {
  const translate = useTranslate();
  if (stock < 0) return <Chip size="small" label={translate('vf.catalog.stock.unlimited')} />;
  if (stock === 0) return <Chip size="small" color="error" label={`0 · ${translate('vf.catalog.stock.sold_out')}`} />;
  if (stock <= warn)
    return <Chip size="small" color="warning" label={`${stock} · ${translate('vf.catalog.stock.low')}`} />;
  return <span>{stock}</span>;
}
