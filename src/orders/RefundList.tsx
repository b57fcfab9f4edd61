// The refund list (refund_list) with its filters and export, and the refund approval page
// (refund_approve): the refunds waiting for a decision or refused by the channel, approve or reject.
import type { ReactElement } from 'react';
import {
  FilterButton,
  FunctionField,
  List,
  Link,
  TextInput,
  Title,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import refund from '../../resources/refund';
import type { FieldDef } from '../../resources/types';
import { FieldFor } from '../declared/fields';
import { ExportButtons } from '../declared/ExportButtons';
import { RefundDecision } from './RefundDecision';
import { choiceFilter, rangeFilters, referenceFilter } from './OrderList';
import { ListPagination } from '../declared/screens';
import { SavedQueries } from '../declared/SavedQueries';
import { ListRows } from '../declared/ListRows';

const f = (name: string) => `resources.refund.fields.${name}`;
const fields = refund.fields as Record<string, FieldDef>;

/** A refund column as its declaration shows it (an element, not a component: the grid reads its label). */
const column = (name: string) => (
  <FieldFor key={name} resource="refund" source={name} def={fields[name]} label={f(name)} />
);

/** The order column, linking to the order page (an element, not a component: the grid reads its label). */
function orderLink() {
  return (
    <FunctionField
      source="order"
      label={f('order')}
      render={(r: { order: string }) => (
        <Link to={`/order/${encodeURIComponent(r.order)}/show`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
          {r.order}
        </Link>
      )}
    />
  );
}

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <SavedQueries def={refund} />
      <ExportButtons def={refund} fields={['pickup_code', 'channel', 'reject_reason']} />
    </TopToolbar>
  );
}

export function RefundList() {
  const translate = useTranslate();
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  const { canAccess: seesStores } = useCanAccess({ resource: 'dealer', action: 'list' });
  const filters: ReactElement[] = [
    <TextInput key="pickup_code" source="pickup_code" label={f('pickup_code')} alwaysOn />,
    choiceFilter(refund, 'status', translate, true),
    ...rangeFilters('refund', 'request_time', translate),
    <TextInput key="order" source="order" label={f('order')} />,
    ...(seesBrands ? [referenceFilter('refund', 'integrator', 'integrator', 'name')] : []),
    ...(seesStores ? [referenceFilter('refund', 'dealer', 'dealer', 'name')] : []),
  ];
  return (
    <List
      filters={filters}
      sort={refund.list.sort}
      perPage={20}
      pagination={<ListPagination />}
      actions={<Actions />}
      empty={false}
    >
      <ListRows def={refund} rowClick={false} bulkActionButtons={false} actions={<RefundDecision />}>
        {column('request_time')}
        {orderLink()}
        {['status', 'amount', 'real_amount', 'refund_time', 'reason', 'reject_reason', 'operator', 'dealer'].map(
          column,
        )}
      </ListRows>
    </List>
  );
}

export function RefundApprovalPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('vf.orders.approval.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('vf.orders.approval.intro')}
      </Typography>
      <List
        resource="refund"
        filter={{ status: ['CREATED', 'CHANGE'] }}
        sort={{ field: 'request_time', order: 'ASC' }}
        perPage={20}
        pagination={<ListPagination />}
        actions={false}
        disableSyncWithLocation
        storeKey="refund.approval"
        empty={<Typography sx={{ p: 2 }}>{translate('vf.orders.approval.empty')}</Typography>}
      >
        {/* on a phone, cards as declared (resources/refund.ts `list.card`), approve and reject on each */}
        <ListRows def={refund} rowClick={false} bulkActionButtons={false} actions={<RefundDecision />}>
          {column('request_time')}
          {orderLink()}
          {/* who asked is on the refund list; here the decision column stays inside 1366 px */}
          {['pickup_code', 'status', 'amount', 'reason', 'error', 'dealer'].map(column)}
        </ListRows>
      </List>
    </Box>
  );
}
