// List, Create, Edit and Show screens generated from a declaration. A resource replaces one of them
// only where its screen is truly special (src/overrides).
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Create,
  CreateButton,
  Edit,
  EditButton,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  Pagination,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useTranslate,
  useNotify,
  useRecordContext,
  usePermissions,
  NumberInput,
  BooleanInput,
} from 'react-admin';
import { DateTimeInput } from './DateTimeInput';
import { useFormat } from '../lib/format';
import {
  isLocked,
  isSecret,
  isSortable,
  listColumns,
  rowActions,
  type FieldDef,
  type ResourceDef,
} from '../../resources/types';
import { ReferenceChoice } from './ReferenceChoice';
import { useProfile } from '../layout/useProfile';
import { cellOf, inputOf, listButtons, toolbarButtonOf } from './parts';
import { holds, permissionFor } from '../providers/authProvider';
import { FieldFor, choiceKey } from './fields';
import { InputFor } from './inputs';
import { ActionButtons } from './ActionButtons';
import { RowActions } from './RowActions';
import { dropHidden, formValidator } from './form';
import { OneTimeKeyDialog, useRevealedSecret } from './OneTimeKeyDialog';
import { BulkReportHost, bulkActionsOf } from './BulkActions';
import { ExportButtons } from './ExportButtons';
import { SavedQueries } from './SavedQueries';
import { ByVersion, useStaleAwareSave } from './StaleEdit';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../resources/limits';
import { RelatedList } from './RelatedList';
import { ListRows, ROW_ACTIONS } from './ListRows';

const label = (resource: string, field: string) => `resources.${resource}.fields.${field}`;

function filterInput(
  def: ResourceDef,
  name: string,
  f: FieldDef,
  translate: (k: string, o?: object) => string,
): ReactElement[] {
  const l = translate(label(def.name, name));
  if (f.filter === 'range') {
    const Input = f.type === 'datetime' ? DateTimeInput : NumberInput;
    return [
      <Input key={`${name}_gte`} source={`${name}_gte`} label={`${l} ≥`} />,
      <Input key={`${name}_lte`} source={`${name}_lte`} label={`${l} ≤`} />,
    ];
  }
  const on = f.alwaysOn ? { alwaysOn: true } : {};
  const Named = inputOf(f.input);
  if (Named) return [<Named key={name} resource={def.name} source={name} label={l} {...on} />];
  if (f.type === 'choice' || f.type === 'choices') {
    const choices = (f.choices ?? []).map((c) => ({ id: c, name: translate(choiceKey(def.name, name, c), { _: c }) }));
    return [<SelectInput key={name} source={name} label={l} choices={choices} {...on} />];
  }
  if (f.type === 'reference' || f.type === 'references') {
    return [
      <ReferenceInput key={name} source={name} reference={f.reference!} perPage={100} {...on}>
        <ReferenceChoice reference={f.reference!} label={l} filterToQuery={(q: string) => ({ q })} />
      </ReferenceInput>,
    ];
  }
  if (f.type === 'boolean') return [<BooleanInput key={name} source={name} label={l} {...on} />];
  return [<TextInput key={name} source={name} label={l} {...on} />];
}

function ListActions({ def }: { def: ResourceDef }) {
  const { canAccess: canCreate } = useCanAccess({ resource: def.name, action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {def.permissions.add && canCreate ? <CreateButton /> : null}
      {(def.list.toolbar ?? []).map((name) => {
        const Button = toolbarButtonOf(name);
        return Button ? <Button key={name} /> : null;
      })}
      <SavedQueries def={def} />
      {listButtons().map((Button, i) => (
        <Button key={i} def={def} />
      ))}
      <ExportButtons def={def} />
    </TopToolbar>
  );
}

/** The declared columns (or a show page's fields) with the declared cells placed among them. */
function withCells(
  def: ResourceDef,
  where: 'list' | 'show',
  fields: [string, FieldDef][],
  field: (n: string, f: FieldDef) => ReactElement,
): ReactElement[] {
  const own = (def.cells ?? []).filter((c) => !c.only || c.only === where);
  const cell = (c: { cell: string }) => {
    const named = cellOf(c.cell);
    return named ? <Cell key={c.cell} name={c.cell} label={named.label(def.name)} /> : null;
  };
  const out: (ReactElement | null)[] = [];
  for (const [n, f] of fields) {
    out.push(field(n, f));
    for (const c of own.filter((c) => c.after === n)) out.push(cell(c));
  }
  for (const c of own.filter((c) => !c.after || !fields.some(([n]) => n === c.after))) out.push(cell(c));
  return out.filter((e): e is ReactElement => !!e);
}

/** A named cell (plugged in, ./parts.ts); `label` is read by the grid and the show layout. */
function Cell({ name }: { name: string; label?: string }) {
  const Render = cellOf(name)!.render;
  return <Render />;
}

/** A reference the account may not list (a store account and brands) shows nothing but an error icon:
 * such columns, filters and show fields are left out. */
export function readableBy(authorizations: readonly string[] | undefined) {
  return ([, f]: [string, FieldDef]) =>
    (f.type !== 'reference' && f.type !== 'references') ||
    holds(authorizations, permissionFor(f.reference ?? '', 'list'));
}

/** Page sizes offered under every list (resources/limits.ts). */
export const ListPagination = () => {
  const { meta } = useListContext();
  const translate = useTranslate();
  const fmt = useFormat();
  const estimated = !!(meta as { totalEstimated?: boolean } | undefined)?.totalEstimated;
  const about = ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate('vf.list.range_estimated', { from, to, total: fmt.number(count) });
  return <Pagination rowsPerPageOptions={[...PAGE_SIZES]} {...(estimated ? { labelDisplayedRows: about } : {})} />;
};

/** A new record starts from the declared defaults (a store's switches start on). */
export function defaultsOf(def: ResourceDef): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(def.fields)
      .filter(([, f]) => f.default !== undefined)
      .map(([n, f]) => [n, f.default]),
  );
}

/** Where a row leads: the declared page, else its edit form where the account may edit, else its page. */
function rowClickOf(def: ResourceDef, canEdit: boolean | undefined): 'edit' | 'show' | false {
  if (def.list.open === 'none') return false;
  if (def.list.open) return def.list.open;
  return canEdit && def.permissions.edit ? 'edit' : 'show';
}

/** Rows the declaration marks (`list.emphasize`: unread messages, active alarms) are bold. */
function rowSxOf(def: ResourceDef) {
  const rule = def.list.emphasize;
  if (!rule) return undefined;
  return (r: Record<string, unknown>) => ({
    '& td': { fontWeight: rule.values.includes(r[rule.field] as string | boolean) ? 600 : 400 },
  });
}

export function makeList(def: ResourceDef) {
  // the list's columns by the rule the export follows too (resources/types.ts listColumns)
  const columns = listColumns(def).map((n): [string, FieldDef] => [n, def.fields[n]]);
  const filterable = Object.entries(def.fields).filter(([, f]) => f.filter && !isSecret(f) && f.type !== 'json');
  // a free-text box only where the declaration names fields it searches
  const searchable = !!def.idField || Object.values(def.fields).some((f) => f.search && !isSecret(f));
  return function GeneratedList() {
    const translate = useTranslate();
    const { canAccess: canEdit } = useCanAccess({ resource: def.name, action: 'edit' });
    const { permissions } = usePermissions<string[]>();
    const readable = readableBy(permissions);
    const filters = [
      ...(searchable ? [<SearchInput key="q" source="q" alwaysOn placeholder={translate('ra.action.search')} />] : []),
      ...filterable.filter(readable).flatMap(([n, f]) => filterInput(def, n, f, translate)),
    ];
    return (
      <List
        filters={filters}
        sort={def.list.sort}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<ListPagination />}
        actions={<ListActions def={def} />}
        empty={false}
      >
        <BulkReportHost resource={def.name}>
          <ListRows
            def={def}
            rowClick={rowClickOf(def, canEdit)}
            rowSx={rowSxOf(def)}
            bulkActionButtons={bulkActionsOf(def)}
            // no edit on a row the declaration locks (`lockedWhen`: the server refuses its edit)
            actions={
              def.permissions.edit || def.permissions.delete || rowActions(def).length ? (
                <RowActions
                  def={def}
                  editable={(r) => !isLocked(def, r)}
                  cellClassName={ROW_ACTIONS}
                  headerClassName={ROW_ACTIONS}
                />
              ) : null
            }
          >
            {def.idField ? <TextField source="_id" label={label(def.name, '_id')} /> : null}
            {withCells(def, 'list', columns.filter(readable), (n, f) => (
              <FieldFor
                key={n}
                resource={def.name}
                source={n}
                def={f}
                label={label(def.name, n)}
                sortable={isSortable(def, n)}
              />
            ))}
          </ListRows>
        </BulkReportHost>
      </List>
    );
  };
}

/** An edit button, unless the declaration locks the row (`lockedWhen`: the server refuses its edit). */
function EditIf({ def }: { def: ResourceDef }) {
  const record = useRecordContext();
  return record && !isLocked(def, record) ? <EditButton /> : null;
}

/** `fixed`: fields whose value the account's scope settles (a brand account's brand): not asked. */
function formInputs(def: ResourceDef, mode: 'create' | 'edit', fixed: readonly string[] = []) {
  return Object.entries(def.fields)
    .filter(
      ([n, f]) => !f.readOnly && !f.hideInForm && !(mode === 'edit' && f.type === 'password') && !fixed.includes(n),
    )
    .map(([n, f]) => <InputFor key={n} resource={def.name} source={n} def={f} mode={mode} />);
}

/** A brand or store account's new record starts in its own brand and store (the server settles it so too). */
function tenantDefaults(
  def: ResourceDef,
  profile: { integrator?: string | null; dealer?: string | null } | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kind of ['integrator', 'dealer'] as const) {
    const column = def.tenant?.[kind];
    const f = column ? def.fields[column] : undefined;
    if (column && f && !f.readOnly && profile?.[kind]) out[column] = profile[kind];
  }
  return out;
}

/** The tenant columns a brand or store account cannot choose (its own brand, its own store): a select holding
 * one choice asks nothing, so the form leaves them out and the value comes from the account. */
function fixedByScope(
  def: ResourceDef,
  profile: { integrator?: string | null; dealer?: string | null } | undefined,
): string[] {
  return Object.keys(tenantDefaults(def, profile));
}

export function makeCreate(def: ResourceDef) {
  return function GeneratedCreate() {
    const translate = useTranslate();
    const profile = useProfile();
    const notify = useNotify();
    const navigate = useNavigate();
    // A one-time secret in the answer (a device key) is shown once, on the new record's page.
    const reveal = def.reveal;
    const mutationOptions = reveal
      ? {
          onSuccess: (data: Record<string, unknown>) => {
            notify(`resources.${def.name}.notifications.created`, {
              type: 'info',
              messageArgs: { smart_count: 1, _: translate('ra.notification.created', { smart_count: 1 }) },
            });
            void navigate(`/${def.name}/${encodeURIComponent(String(data.id))}/show`, {
              state: { reveal: data[reveal] },
            });
          },
        }
      : undefined;
    return (
      <Create
        redirect="list"
        mutationOptions={mutationOptions}
        transform={(data: Record<string, unknown>) => dropHidden(def, data)}
      >
        <SimpleForm
          noValidate
          defaultValues={{ ...defaultsOf(def), ...tenantDefaults(def, profile) }}
          validate={formValidator(def, 'create', translate)}
          sx={{ maxWidth: 640 }}
        >
          {def.idField ? <InputFor resource={def.name} source="_id" def={def.idField} mode="create" /> : null}
          {formInputs(def, 'create', fixedByScope(def, profile))}
        </SimpleForm>
      </Create>
    );
  };
}

export function makeEdit(def: ResourceDef) {
  return function GeneratedEdit() {
    const translate = useTranslate();
    const profile = useProfile();
    const mutationOptions = useStaleAwareSave();
    return (
      <Edit
        mutationMode="pessimistic"
        redirect="list"
        mutationOptions={mutationOptions}
        transform={(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) =>
          dropHidden(def, data, options?.previousData)
        }
        actions={
          <TopToolbar>
            <ActionButtons def={def} />
          </TopToolbar>
        }
      >
        <ByVersion>
          <SimpleForm noValidate validate={formValidator(def, 'edit', translate)} sx={{ maxWidth: 640 }}>
            {def.idField ? <TextInput source="_id" disabled fullWidth /> : null}
            {formInputs(def, 'edit', fixedByScope(def, profile))}
          </SimpleForm>
        </ByVersion>
      </Edit>
    );
  };
}

/** A one-time secret handed to the page (a new robot's key, a new endpoint's signing secret), named by the record. */
function RevealedOnce({ def, secret, onClose }: { def: ResourceDef; secret: string | undefined; onClose: () => void }) {
  const record = useRecordContext();
  return (
    <OneTimeKeyDialog
      secret={secret}
      name={String(record?.[def.title ?? '_id'] ?? '')}
      resource={def.name}
      onClose={onClose}
    />
  );
}

export function makeShow(def: ResourceDef) {
  return function GeneratedShow() {
    const [secret, dropSecret] = useRevealedSecret();
    const { permissions } = usePermissions<string[]>();
    const { canAccess: canEdit } = useCanAccess({ resource: def.name, action: 'edit' });
    return (
      <Show
        actions={
          <TopToolbar>
            <ActionButtons def={def} />
            {def.permissions.edit && canEdit ? <EditIf def={def} /> : null}
          </TopToolbar>
        }
      >
        <SimpleShowLayout>
          <TextField source="_id" label={label(def.name, '_id')} />
          {withCells(
            def,
            'show',
            Object.entries(def.fields)
              .filter(([, f]) => !isSecret(f) && !f.hidden)
              .filter(readableBy(permissions)),
            (n, f) => (
              <FieldFor key={n} resource={def.name} source={n} def={f} label={label(def.name, n)} />
            ),
          )}
        </SimpleShowLayout>
        {(def.related ?? []).map((r) => (
          <RelatedList key={`${r.resource}.${r.field}`} related={r} />
        ))}
        <RevealedOnce def={def} secret={secret} onClose={dropSecret} />
      </Show>
    );
  };
}
