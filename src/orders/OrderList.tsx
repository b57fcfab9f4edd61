// The order list (order_list): the filters of the issue (time range, order id, status, pay status, channel,
// brand, store, robot, pickup code), a tab for the forwarded (transferred) orders, and export.
import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DateTimeInput } from '../declared/DateTimeInput';
import { Tab, Tabs } from '@mui/material';
import order from '../../resources/order';
import type { FieldDef, ResourceDef } from '../../resources/types';
import { FieldFor, choiceKey } from '../declared/fields';
import { ExportButtons } from '../declared/ExportButtons';
import { ListPagination } from '../declared/screens';
import { SavedQueries } from '../declared/SavedQueries';
import { ListRows } from '../declared/ListRows';
import { COLUMNS, LISTED_FIELDS } from './listed';

const f = (resource: string, name: string) => `resources.${resource}.fields.${name}`;

export function choiceFilter(
  def: ResourceDef,
  name: string,
  translate: (k: string, o?: object) => string,
  alwaysOn = false,
) {
  const choices = (def.fields[name].choices ?? []).map((c) => ({
    id: c,
    name: translate(choiceKey(def.name, name, c), { _: c }),
  }));
  return <SelectInput key={name} source={name} label={f(def.name, name)} choices={choices} alwaysOn={alwaysOn} />;
}

export function referenceFilter(resource: string, name: string, reference: string, optionText: string) {
  return (
    <ReferenceInput key={name} source={name} reference={reference} perPage={50}>
      <AutocompleteInput label={f(resource, name)} optionText={optionText} filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>
  );
}

/** Time range filters, labelled "<field> · from" and "<field> · to". */
export function rangeFilters(resource: string, name: string, translate: (k: string) => string, alwaysOn = false) {
  return [
    <DateTimeInput
      key={`${name}_gte`}
      source={`${name}_gte`}
      label={`${translate(f(resource, name))} · ${translate('vf.orders.dashboard.from')}`}
      alwaysOn={alwaysOn}
    />,
    <DateTimeInput
      key={`${name}_lte`}
      source={`${name}_lte`}
      label={`${translate(f(resource, name))} · ${translate('vf.orders.dashboard.to')}`}
      alwaysOn={alwaysOn}
    />,
  ];
}

/** All orders / forwarded orders: the forward list is the same list filtered on `forward`. */
function ForwardTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const forward = filterValues.forward === true;
  return (
    <Tabs
      value={forward ? 'forward' : 'all'}
      onChange={(_, v) => {
        const { forward: _drop, ...rest } = filterValues;
        setFilters(v === 'forward' ? { ...rest, forward: true } : rest, displayedFilters);
      }}
      // a tab too long for a phone's width scrolls within the bar instead of being cut
      variant="scrollable"
      scrollButtons={false}
      sx={{ px: 2 }}
    >
      <Tab value="all" label={translate('vf.orders.list.all')} />
      <Tab value="forward" label={translate('vf.orders.list.forward')} />
    </Tabs>
  );
}

/** The query's `meta`: the rows' columns (./listed.ts); it also keeps these partial rows out of the record cache the
 * order's page reads (react-admin keeps a list's rows as records under the list's meta). */
const LISTED = { fields: LISTED_FIELDS };

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <SavedQueries def={order} />
      <ExportButtons def={order} />
    </TopToolbar>
  );
}

/** The forwarded tab also says where each order came from. */
function OrderGrid({ seesBrands }: { seesBrands?: boolean }) {
  const { filterValues } = useListContext();
  const tabOwn = filterValues.forward === true ? ['forward_from'] : [];
  const columns = [...COLUMNS.filter((n) => n !== 'integrator' || seesBrands), ...tabOwn];
  return (
    <ListRows def={order} rowClick="show" bulkActionButtons={false} keep={tabOwn}>
      <TextField source="_id" label={f('order', '_id')} />
      {columns.map((n) => (
        <FieldFor
          key={n}
          resource="order"
          source={n}
          def={(order.fields as Record<string, FieldDef>)[n]}
          label={f('order', n)}
        />
      ))}
    </ListRows>
  );
}

export function OrderList() {
  const translate = useTranslate();
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  const { canAccess: seesStores } = useCanAccess({ resource: 'dealer', action: 'list' });
  const filters: ReactElement[] = [
    <TextInput key="pickup_code" source="pickup_code" label={f('order', 'pickup_code')} alwaysOn />,
    ...rangeFilters('order', 'create_time', translate, true),
    <TextInput key="_id" source="_id" label={f('order', '_id')} />,
    choiceFilter(order, 'status', translate),
    choiceFilter(order, 'pay_status', translate),
    choiceFilter(order, 'channel', translate),
    ...(seesBrands ? [referenceFilter('order', 'integrator', 'integrator', 'name')] : []),
    ...(seesStores ? [referenceFilter('order', 'dealer', 'dealer', 'name')] : []),
    referenceFilter('order', 'device', 'device', 'name'),
    choiceFilter(order, 'refund_status', translate),
  ];
  return (
    <List
      filters={filters}
      sort={order.list.sort}
      perPage={20}
      queryOptions={{ meta: LISTED }}
      pagination={<ListPagination />}
      actions={<Actions />}
      empty={false}
    >
      <ForwardTabs />
      <OrderGrid seesBrands={seesBrands} />
    </List>
  );
}
