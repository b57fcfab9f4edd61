// The refund list (refund_list) with its filters and export, and the refund approval page
// (refund_approve): the refunds waiting for a decision or refused by the channel, approve or reject.
import type { ReactElement } from 'react';
import { Datagrid, FilterButton, FunctionField, List, Link, TextInput, Title, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import refund from '../../resources/refund';
import type { FieldDef } from '../../resources/types';
import { FieldFor } from '../generated/fields';
import { ExportButtons } from './ExportButtons';
import { RefundDecision } from './RefundDecision';
import { choiceFilter, rangeFilters, referenceFilter } from './OrderList';

const f = (name: string) => `resources.refund.fields.${name}`;
const fields = refund.fields as Record<string, FieldDef>;

/** The order column, linking to the order page (an element, not a component: the grid reads its label). */
function orderLink() {
  return <FunctionField source="order" label={f('order')} render={(r: { order: string }) => <Link to={`/order/${encodeURIComponent(r.order)}/show`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>{r.order}</Link>} />;
}

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <ExportButtons def={refund} extra={['pickup_code', 'channel', 'reject_reason']} />
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
    <List filters={filters} sort={refund.list.sort} perPage={20} actions={<Actions />} empty={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <FieldFor resource="refund" source="request_time" def={fields.request_time} label={f('request_time')} />
        {orderLink()}
        <FieldFor resource="refund" source="status" def={fields.status} label={f('status')} />
        <FieldFor resource="refund" source="amount" def={fields.amount} label={f('amount')} />
        <FieldFor resource="refund" source="real_amount" def={fields.real_amount} label={f('real_amount')} />
        <FieldFor resource="refund" source="refund_time" def={fields.refund_time} label={f('refund_time')} />
        <FieldFor resource="refund" source="reason" def={fields.reason} label={f('reason')} />
        <FieldFor resource="refund" source="reject_reason" def={fields.reject_reason} label={f('reject_reason')} />
        <FieldFor resource="refund" source="operator" def={fields.operator} label={f('operator')} />
        <FieldFor resource="refund" source="dealer" def={fields.dealer} label={f('dealer')} />
        <RefundDecision />
      </Datagrid>
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
        actions={false}
        disableSyncWithLocation
        storeKey="refund.approval"
        empty={<Typography sx={{ p: 2 }}>{translate('vf.orders.approval.empty')}</Typography>}
      >
        <Datagrid rowClick={false} bulkActionButtons={false} data-testid="approval-list">
          <FieldFor resource="refund" source="request_time" def={fields.request_time} label={f('request_time')} />
          {orderLink()}
          <FieldFor resource="refund" source="pickup_code" def={fields.pickup_code} label={f('pickup_code')} />
          <FieldFor resource="refund" source="status" def={fields.status} label={f('status')} />
          <FieldFor resource="refund" source="amount" def={fields.amount} label={f('amount')} />
          <FieldFor resource="refund" source="reason" def={fields.reason} label={f('reason')} />
          <FieldFor resource="refund" source="requester" def={fields.requester} label={f('requester')} />
          <FieldFor resource="refund" source="error" def={fields.error} label={f('error')} />
          <FieldFor resource="refund" source="dealer" def={fields.dealer} label={f('dealer')} />
          <RefundDecision />
        </Datagrid>
      </List>
    </Box>
  );
}
