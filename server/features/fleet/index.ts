// The fleet: robots (./device.ts: the key issued once, binding to an open store) and stores (./dealer.ts). No routes
// of its own: the engine serves /api/device/* and /api/dealer/*; what robots call is the gateway's.
import type { Feature } from '../feature';
import { deviceHooks } from './device';
import { dealerHooks } from './dealer';

export const fleet: Feature = { name: 'fleet', hooks: [deviceHooks, dealerHooks] };
