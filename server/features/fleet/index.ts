// The fleet: robots (./device.ts: the key issued once, binding to an open store), stores (./dealer.ts) and brands.
// No routes of its own: the engine serves /api/device/* and /api/dealer/*; what robots call is the gateway's. A
// robot's row is written only here: what its beats, its commands and its firmware change of it goes through
// ./robotState.ts and ./menuSync.ts.
import type { Feature } from '../feature';
import { deviceHooks } from './device';
import { dealerHooks } from './dealer';

export const fleet: Feature = {
  name: 'fleet',
  hooks: [deviceHooks, dealerHooks],
  owns: ['device', 'dealer', 'integrator'],
};
