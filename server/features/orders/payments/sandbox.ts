// The sandbox gateway: answers like a real channel without moving money. It can be told to fail
// (`failRefunds`, `failNextRefunds`, or PAYMENT_SANDBOX_FAIL=refund), so the refund's exception path
// (status CHANGE) can be shown and tested.
import { randomBytes } from 'node:crypto';
import { setting } from '../../../config';
import type { PaymentGateway, ProfitShareRequest, ProfitShareResult, RefundRequest, RefundResult } from './gateway';

/** Platform and brand shares of a sale, in per mille; the store receives the rest. */
export const SANDBOX_SHARES = { platform: 6, integrator: 94 } as const;

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  /** every refund fails while set */
  failRefunds = setting('PAYMENT_SANDBOX_FAIL') === 'refund';
  /** this many coming refunds fail, then they succeed again */
  failNextRefunds = 0;
  failProfitShares = false;

  async refund(r: RefundRequest): Promise<RefundResult> {
    const fail = this.failRefunds || this.failNextRefunds > 0;
    if (this.failNextRefunds > 0) this.failNextRefunds--;
    const common = {
      channel: r.pay_type ?? this.name,
      account: r.transaction_id ? `sandbox-payer-${r.transaction_id.slice(-6)}` : null,
      account_type: r.pay_type ?? null,
      funds_source: 'UNSETTLED_FUNDS',
    };
    if (fail) return { ok: false, channel_id: null, real_amount: 0, error: 'SANDBOX_REFUND_FAILED', ...common };
    return {
      ok: true,
      channel_id: `sbx_rf_${randomBytes(8).toString('hex')}`,
      real_amount: Math.min(r.amount, r.paid),
      ...common,
    };
  }

  async profitShare(p: ProfitShareRequest): Promise<ProfitShareResult> {
    const platform = Math.floor((p.amount * SANDBOX_SHARES.platform) / 1000);
    const integrator = Math.floor((p.amount * SANDBOX_SHARES.integrator) / 1000);
    return {
      id: `sbx_ps_${randomBytes(8).toString('hex')}`,
      status: this.failProfitShares ? 'failed' : 'success',
      detail: [
        { receiver: 'platform', type: 'platform', amount: platform },
        { receiver: p.integrator, type: 'integrator', amount: integrator },
        { receiver: p.dealer, type: 'dealer', amount: p.amount - platform - integrator },
      ],
    };
  }
}
