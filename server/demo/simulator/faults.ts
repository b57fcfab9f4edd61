// Faults a virtual robot raises and the codes (docs/rules.md, Codes) that clear them, by robot type. Each fault also
// says which state the robot reports while it lasts: `failure` for a breakdown, `lack` for a supply.
import type { GatewayBody } from './gateway';

/** A notification code the gateway's `notify` takes (the published document lists them). */
type Code = GatewayBody<'notify'>['code'];
export interface Fault {
  code: Code;
  resolved: Code;
  state: 'failure' | 'lack';
}

const ARM: Fault[] = [
  { code: 21, resolved: 3021, state: 'failure' },
  { code: 22, resolved: 3022, state: 'failure' },
  { code: 23, resolved: 3023, state: 'failure' },
];
const CUPS: Fault = { code: 300, resolved: 1000, state: 'lack' };
const MILK: Fault = { code: 202, resolved: 3202, state: 'lack' };
const COFFEE: Fault[] = [
  { code: 650, resolved: 3650, state: 'failure' },
  { code: 655, resolved: 3651, state: 'failure' },
];
const ICE: Fault[] = [
  { code: 751, resolved: 3751, state: 'failure' },
  { code: 750, resolved: 3750, state: 'lack' },
];
const PRINTER: Fault = { code: 807, resolved: 3807, state: 'failure' };

export const FAULTS: Record<string, Fault[]> = {
  icecream: [...ARM, CUPS, ...ICE],
  coffee: [...ARM, CUPS, MILK, ...COFFEE],
  coffee_icecream: [...ARM, CUPS, MILK, ...COFFEE, PRINTER],
  noodle: [...ARM, CUPS],
  milktea: [...ARM, CUPS, MILK, ...ICE],
  fastfood: [...ARM],
};

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
