// The gateway in use. The sandbox unless another implementation is installed with setGateway().
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';

export type { PaymentGateway, RefundRequest, RefundResult, ProfitShareRequest, ProfitShareResult } from './gateway';
export { SandboxGateway } from './sandbox';

export const sandbox = new SandboxGateway();
let current: PaymentGateway = sandbox;

export function gateway(): PaymentGateway {
  return current;
}

export function setGateway(g: PaymentGateway) {
  current = g;
}
