// A robot as the service knows it when it calls (/api/device-gateway/*): its row's identity, its key's hash and
// the actor it writes the operation log as. Below the features: the gateway checks robots' keys, the fleet issues
// them, orders and commands log what a robot did, and the flood limit tells robots' calls apart.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Tables } from '../db';
import type { Actor } from '../log';

/** Where every robot call goes (docs/api.md, the robots' side). */
export const GATEWAY_PREFIX = '/api/device-gateway/';

/** Keys are 192 random bits, so a fast hash is enough — and a heartbeat checks one per call. */
export const hashDeviceKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The robot a gateway call is from, as its row holds it. */
export type GatewayDevice = Pick<
  Selectable<Tables['device']>,
  '_id' | 'device_id' | 'name' | 'type' | 'integrator' | 'dealer' | 'locked' | 'lock_reason'
>;

/** Who writes when a robot calls, for the operation log: the robot itself (`device:<device_id>`), in its
 * brand and store, from its address. */
export function robotActor(device: GatewayDevice, ip: string): Actor {
  return {
    ip,
    user: {
      _id: `device:${device.device_id}`,
      account_type: 'DEVICE',
      integrator: device.integrator,
      dealer: device.dealer,
    },
  };
}
