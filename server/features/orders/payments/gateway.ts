// The payment-gateway interface. Refunds and profit sharing go through it; the built-in implementation is
// a sandbox (./sandbox.ts). A real gateway (WeChat Pay, Alipay …) plugs in behind the same interface.

export interface RefundRequest {
  refund: string;
  order: string;
  /** the pay channel's transaction id of the order */
  transaction_id: string | null;
  pay_type: string | null;
  /** what the customer paid, and what to give back, in cents */
  paid: number;
  amount: number;
}

export interface RefundResult {
  ok: boolean;
  /** the channel's id of this refund */
  channel_id: string | null;
  channel: string;
  real_amount: number;
  account: string | null;
  account_type: string | null;
  funds_source: string | null;
  /** why the channel refused, when it did */
  error?: string;
}

export interface ProfitShareRequest {
  order: string;
  integrator: string;
  dealer: string;
  amount: number;
  transaction_id: string | null;
}

export interface ProfitShareResult {
  id: string;
  status: 'success' | 'failed';
  /** who receives what, in cents; the parts add up to the order's amount */
  detail: Array<{ receiver: string; type: 'platform' | 'integrator' | 'dealer'; amount: number }>;
}

export interface PaymentGateway {
  readonly name: string;
  refund(r: RefundRequest): Promise<RefundResult>;
  profitShare(p: ProfitShareRequest): Promise<ProfitShareResult>;
}
