// Another resource's rows that name this record, on the record's page (`related` in resources/types.ts): a
// webhook's deliveries. Read through that resource's own list call, so its permission, tenant scope and
// declared filter decide what appears; its declared columns, less the one that names this record.
import { Datagrid, ReferenceManyField, useCanAccess, usePermissions, useTranslate } from 'react-admin';
import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { listColumns, type FieldDef, type RelatedDef } from '../../resources/types';
import { findResource } from '../../resources';
import { FieldFor } from './fields';
import { holds, permissionFor } from '../providers/authProvider';

/** How many of the newest rows the page shows unless the declaration says (the resource's own list has them all). */
const ROWS = 25;

export function RelatedList({ related }: { related: RelatedDef }) {
  const translate = useTranslate();
  const def = findResource(related.resource);
  const { canAccess } = useCanAccess({ resource: related.resource, action: 'list' });
  const { permissions } = usePermissions<string[]>();
  if (!def || !canAccess) return null;
  // as in a list: no column of references the account may not list (a store account and brands)
  const readable = (f: FieldDef) =>
    (f.type !== 'reference' && f.type !== 'references') || holds(permissions, permissionFor(f.reference ?? '', 'list'));
  const columns = listColumns(def)
    .map((n): [string, FieldDef] => [n, def.fields[n]])
    .filter(([n, f]) => n !== related.field && readable(f));
  return (
    <Card variant="outlined" sx={{ m: 2 }} data-testid={`related-${related.resource}`}>
      <CardHeader
        title={translate(`resources.${def.name}.name`, { smart_count: 2 })}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      {/* it scrolls sideways when its table is wider than the card: a Tab stop then, to scroll it with the arrow keys
          (docs/accessibility.md, "Names") */}
      <CardContent
        sx={{ pt: 0, overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={translate(`resources.${def.name}.name`, { smart_count: 2 })}
      >
        <ReferenceManyField
          reference={def.name}
          target={related.field}
          sort={def.list.sort}
          perPage={related.rows ?? ROWS}
          queryOptions={related.poll ? { refetchInterval: related.poll * 1000 } : undefined}
        >
          <Datagrid
            bulkActionButtons={false}
            rowClick={def.list.open === 'none' ? false : 'show'}
            empty={
              <Typography variant="body2" color="text.secondary">
                {translate('vf.vocab.related.none')}
              </Typography>
            }
            sx={{ '& .RaDatagrid-rowCell': { whiteSpace: 'nowrap' } }}
          >
            {columns.map(([n, f]) => (
              <FieldFor
                key={n}
                resource={def.name}
                source={n}
                def={f}
                label={`resources.${def.name}.fields.${n}`}
                sortable={false}
              />
            ))}
          </Datagrid>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
}
