// The order page's and the approval page's buttons are offered by the order's and the refund's state machines
// (resources/orderStates.ts): in every state, to an account that may approve and one that may not, a button
// shows exactly when its transition's taker permission is held and its guards allow the record's state.
import { inject } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, useCanAccess } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import en from '../../i18n/en';
import { makeI18nProvider } from '../../src/providers/i18nProvider';
import { authProvider, holds } from '../../src/providers/authProvider';
import { dataProvider } from '../../src/providers/dataProvider';
import { configureHttp } from '../../src/providers/http';
import { ActionButton } from '../../src/declared/ActionButtons';
import { RefundDecision } from '../../src/orders/RefundDecision';
import { RefundButton } from '../../src/orders/RefundDialog';
import order from '../../resources/order';
import { ORDER_TRANSITIONS, PAY_STATUSES, REFUND_STATUSES, REFUND_TRANSITIONS } from '../../resources/orderStates';
import { permissionOf, refusalOf, type Transition } from '../../resources/types';

type Row = Record<string, unknown>;

function OrderButtons() {
  return (
    <>
      <RefundButton />
      <ActionButton def={order} name="pay_status" action={order.actions!.pay_status} />
    </>
  );
}

/** Shown once the account's rights for every button here have loaded (the same queries the buttons wait on). */
function Settled() {
  const checks = [
    useCanAccess({ resource: 'order', action: 'refund' }),
    useCanAccess({ resource: 'order', action: 'pay_status' }),
    useCanAccess({ resource: 'refund', action: 'approve' }),
    useCanAccess({ resource: 'refund', action: 'reject' }),
  ];
  return checks.some((c) => c.isPending) ? null : <span>settled</span>;
}

/** The buttons shown for `record`. */
async function shown(ui: React.ReactElement, record: Row): Promise<string[]> {
  cleanup();
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={makeI18nProvider('en', en as never)}
      >
        <RecordContextProvider value={{ _id: 'o1', order: 'o1', amount: 1200, ...record }}>
          {ui}
          <Settled />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  await screen.findByText('settled');
  return screen.queryAllByRole('button').map((b) => b.getAttribute('aria-label') || b.textContent || '');
}

const offers = (t: Transition, perms: string[], record: Row) =>
  holds(perms, permissionOf(t)) && refusalOf(t.from, record) === null;

const ORDER_STATES: Row[] = PAY_STATUSES.flatMap((pay_status) =>
  [null, ...REFUND_STATUSES].map((refund_status) => ({ pay_status, refund_status })),
);

beforeAll(() => configureHttp('en', (k) => k, inject('apiUrl')));
afterEach(() => cleanup());

describe.each(['brand-a', 'store-a1'])('buttons for %s', (user) => {
  let perms: string[];
  beforeAll(async () => {
    await authProvider.login({ username: user, password: 'Demo12345' });
    perms = (await authProvider.getPermissions!({})) as string[];
  });

  it('the approval page offers approve and reject in the states the refund may leave, to who may take them', async () => {
    for (const status of REFUND_STATUSES) {
      const buttons = await shown(<RefundDecision />, { status });
      expect({ status, approve: buttons.includes('Approve') }).toEqual({
        status,
        approve: offers(REFUND_TRANSITIONS.approve, perms, { status }),
      });
      expect({ status, reject: buttons.includes('Reject') }).toEqual({
        status,
        reject: offers(REFUND_TRANSITIONS.reject, perms, { status }),
      });
    }
    // what the declaration says, not a copy of it: a state added to the guards offers the buttons there too
    const guard = REFUND_TRANSITIONS.approve.from[0] as unknown as { values: string[] };
    const before = guard.values;
    guard.values = [...before, 'SUCCESS'];
    try {
      expect((await shown(<RefundDecision />, { status: 'SUCCESS' })).includes('Approve')).toBe(
        holds(perms, 'refund_approve'),
      );
    } finally {
      guard.values = before;
    }
  });

  it('the order page offers a refund and the pay status change in the states the order may take them from', async () => {
    for (const record of ORDER_STATES) {
      const buttons = await shown(<OrderButtons />, record);
      expect({ ...record, refund: buttons.includes('Refund') }).toEqual({
        ...record,
        refund: offers(ORDER_TRANSITIONS.refund, perms, record),
      });
      expect({ ...record, pay_status: buttons.includes('Change pay status') }).toEqual({
        ...record,
        pay_status: offers(ORDER_TRANSITIONS.pay_status, perms, record),
      });
    }
  });
});

describe('the declaration itself', () => {
  it('offers a refund only for a paid order never refunded, and keeps a refunded order’s pay status', () => {
    const allowed = ORDER_STATES.filter((r) => refusalOf(ORDER_TRANSITIONS.refund.from, r) === null);
    expect(allowed).toEqual([{ pay_status: 'PAID', refund_status: null }]);
    expect(refusalOf(ORDER_TRANSITIONS.pay_status.from, { refund_status: 'SUCCESS' })).toEqual({
      key: 'vf.orders.error.refunded',
      args: { field: 'refund_status', value: 'SUCCESS' },
    });
    expect(REFUND_STATUSES.filter((status) => refusalOf(REFUND_TRANSITIONS.approve.from, { status }) === null)).toEqual(
      ['CREATED', 'CHANGE'],
    );
  });
});
