// Read-only fields (list columns, show pages) from a declaration's field types.
import {
  BooleanField,
  ChipField,
  EmailField,
  FunctionField,
  ImageField,
  ReferenceArrayField,
  ReferenceField,
  SingleFieldList,
  TextField,
  useCanAccess,
  useTranslate,
  useRecordContext,
} from 'react-admin';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { subChoice, subLabel, type FieldDef } from '../../resources/types';
import { rendererOf } from './parts';
import { findResource } from '../../resources';
import { useFormat } from '../lib/format';
import { fileUrl } from '../lib/files';
import { choiceKey } from './choiceKey';
import { useProfile } from '../layout/useProfile';
import type { Profile } from '../providers/authProvider';

export { choiceKey };
export { codeWord } from '../lib/codeWord';

/** A choice value in the user's language. */
export function ChoiceChip({ resource, source }: { resource: string; source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (v === undefined || v === null || v === '') return null;
  const values: string[] = Array.isArray(v) ? v : [String(v)];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {values.map((x) => (
        <Chip key={x} size="small" label={translate(choiceKey(resource, source, x), { _: x })} />
      ))}
    </Stack>
  );
}

/** A declared JSON object (a brand's settings) as "label: value" lines in the user's language. */
function JsonObjectField({ resource, source, def }: { resource: string; source: string; def: FieldDef }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source] as Record<string, unknown> | null | undefined;
  if (!v || typeof v !== 'object') return null;
  const lines = Object.entries(def.fields ?? {})
    .filter(([k]) => v[k] !== undefined && v[k] !== null && v[k] !== '')
    .map(([k, f]) => {
      const value =
        f.type === 'choice'
          ? translate(subChoice(resource, source, k, String(v[k])), { _: String(v[k]) })
          : String(v[k]);
      return `${translate(subLabel(resource, source, k))}: ${value}`;
    });
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-line' }} data-testid={`json-${source}`}>
      {lines.join('\n')}
    </Box>
  );
}

/** Money and times in the console's language (src/lib/format.ts), not the browser's. Declared numbers stay
 * as they are: many are codes (a notification code, a slot number) that grouping would garble.
 * `sortable` follows the declaration's `sort` marker (the server refuses any other sort); a list passes it
 * explicitly when its default sort field is a column too. */
export function FieldFor({
  resource,
  source,
  def,
  label,
  sortable,
}: {
  resource: string;
  source: string;
  def: FieldDef;
  label?: string;
  sortable?: boolean;
}) {
  const fmt = useFormat();
  const common = { source, label, sortable: sortable ?? def.sort === true };
  const Named = rendererOf(def.render);
  if (Named) return <Named resource={resource} source={source} def={def} />;
  switch (def.type) {
    case 'money':
      return (
        <FunctionField {...common} render={(r: Record<string, number>) => fmt.money(r[source])} textAlign="right" />
      );
    case 'boolean':
      return <BooleanField {...common} />;
    case 'email':
      return <EmailField {...common} />;
    case 'choice':
    case 'choices':
      return <ChoiceChip resource={resource} source={source} {...({ label, sortable: common.sortable } as object)} />;
    case 'datetime':
      // one line: a time split over two (the English "PM" alone below) is hard to scan down a column
      return (
        <FunctionField
          {...common}
          render={(r: Record<string, string>) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {fmt.dateTime(r[source])}
            </Box>
          )}
        />
      );
    case 'image':
      return (
        <FunctionField
          {...common}
          sortable={false}
          render={(r: Record<string, string>) =>
            r[source] ? (
              <ImageField
                source="src"
                record={{ id: 0, src: fileUrl(r[source]) }}
                sx={{ '& img': { maxHeight: 40, margin: 0 } }}
              />
            ) : null
          }
        />
      );
    case 'reference':
      return <ReferenceName {...common} reference={def.reference!} />;
    case 'references': {
      const target = findResource(def.reference ?? '');
      return (
        <ReferenceArrayField {...common} reference={def.reference!}>
          <SingleFieldList linkType={false}>
            <ChipField source={target?.title ?? '_id'} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    }
    case 'json':
      if (def.fields) return <JsonObjectField resource={resource} source={source} def={def} />;
      return (
        <FunctionField
          {...common}
          render={(r: Record<string, unknown>) => (r[source] == null ? '' : JSON.stringify(r[source]))}
        />
      );
    default:
      return <TextField {...common} />;
  }
}

/** The name of the account's own brand or store, where `id` is it: what its profile says of its tenant. */
function ownName(profile: Profile | undefined, reference: string, id: unknown): string | null | undefined {
  if (!profile || id == null) return undefined;
  if (reference === 'integrator' && profile.integrator === id) return profile.integrator_name;
  if (reference === 'dealer' && profile.dealer === id) return profile.dealer_name;
  return undefined;
}

/**
 * A reference by its record's title. An account that may not list the referenced resource is refused its records
 * (a store and its brand): it reads the name it knows in context instead — its own brand's or store's, from its
 * profile — or the id where it knows none, never a failed fetch's error icon.
 */
export function ReferenceName({
  source,
  reference,
  label,
  sortable,
}: {
  source: string;
  reference: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  const profile = useProfile();
  const { canAccess, isPending } = useCanAccess({ resource: reference, action: 'list' });
  if (isPending) return null;
  if (!canAccess) {
    const id = record?.[source];
    return (
      <Typography component="span" variant="body2">
        {ownName(profile, reference, id) ?? (id == null || id === '' ? '—' : String(id))}
      </Typography>
    );
  }
  return (
    <ReferenceField source={source} label={label} sortable={sortable} reference={reference} link={false} emptyText="—">
      <TextField source={findResource(reference)?.title ?? '_id'} />
    </ReferenceField>
  );
}
