// The order's and the refund's state machines, declared once (docs/CONVENTIONS.md: `resources/` declares):
// their states, every transition, the states each may be taken from, and who may take it — an account holding a
// permission (the console) or the robot that placed the order (its device key). The server's transitions
// (the declared actions of resources/order.ts and resources/refund.ts, the robot's order flow) refuse by these
// declarations, and the order page's buttons are offered by the same ones.
import type { Permission, Transition } from './types';

export const ORDER_STATUSES = ['CREATED', 'CANCEL', 'CLOSE', 'DELETE', 'FAILD'] as const;
export const PAY_STATUSES = ['UNPAY', 'WAITPAY', 'PAID', 'PAYERROR', 'CANCEL', 'FREE'] as const;
export const WORK_STATUSES = ['WAIT', 'START', 'DONE', 'END', 'FAILD'] as const;
export const REFUND_STATUSES = ['CREATED', 'SUCCESS', 'CHANGE', 'REFUNDCLOSE'] as const;

type WorkStatus = (typeof WORK_STATUSES)[number];

const robot = { robot: true } as const;
const byPermission = (permission: Permission) => ({ permission });

/** An order: the robot sells, is paid, makes and may cancel; the console changes the pay status by hand and
 * requests a refund (once per order, ever). */
export const ORDER_TRANSITIONS = {
  /** a payment that completes after the order was placed */
  pay: { by: robot, from: [{ field: 'pay_status', values: ['UNPAY', 'WAITPAY', 'PAYERROR'] }] },
  /** one step of the making flow (per item, see WORK_STEPS); the order closes or fails with its items */
  progress: { by: robot, from: [{ field: 'status', values: ['CREATED'] }] },
  /** given up before making: stock goes back */
  cancel: {
    by: robot,
    from: [
      { field: 'status', values: ['CREATED'] },
      { field: 'work_status', values: ['WAIT'] },
    ],
  },
  /** a refund request (with `approve`, also the refund's approval: REFUND_TRANSITIONS.approve's taker) */
  refund: {
    by: byPermission('order_refund'),
    from: [
      { field: 'pay_status', values: ['PAID'] },
      // requested once only: the unique index on refund("order") decides between concurrent requests
      { field: 'refund_status', values: [null], refusal: 'vf.orders.error.refund_exists' },
    ],
  },
  /** the pay status changed by hand, with a reason; money already on its way back keeps it as it is */
  pay_status: {
    by: byPermission('order_pay_status'),
    from: [{ field: 'refund_status', values: [null, 'REFUNDCLOSE'], refusal: 'vf.orders.error.refunded' }],
  },
} as const satisfies Record<string, Transition>;

/** The making flow of an item: WAIT → START → DONE → END, or FAILD from any open step. */
export const WORK_STEPS: Record<WorkStatus, readonly WorkStatus[]> = {
  WAIT: ['START', 'FAILD'],
  START: ['DONE', 'FAILD'],
  DONE: ['END', 'FAILD'],
  END: [],
  FAILD: [],
};

/** A refund: requested (CREATED), then approved (SUCCESS, or CHANGE when the channel refuses: tried again or
 * closed) or rejected (REFUNDCLOSE). */
export const REFUND_TRANSITIONS = {
  approve: { by: byPermission('refund_approve'), from: [{ field: 'status', values: ['CREATED', 'CHANGE'] }] },
  reject: { by: byPermission('refund_approve'), from: [{ field: 'status', values: ['CREATED', 'CHANGE'] }] },
} as const satisfies Record<string, Transition>;
