// The robots' side of the service: /api/device-gateway/* authenticated by X-Device-Id + X-Device-Key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { DB } from '../../db';
import { unauthorized } from '../../http/errors';
import { GATEWAY_PREFIX, hashDeviceKey, type GatewayDevice } from '../../auth/robot';
import { writeLog } from '../../log';
import { groupCommit } from '../../db/groupCommit';
import { securityLog } from '../../auth/securityLog';
import type { CacheMode } from '../../events/revocableCache';
import { deviceKeyCache } from './keyCache';

declare module 'fastify' {
  interface FastifyRequest {
    device?: GatewayDevice;
  }
}

type DeviceRow = GatewayDevice & { key_hash: string };

/** Looks robots up by device id, many calls to one statement (server/db/groupCommit.ts). */
function deviceLookup(db: DB) {
  return groupCommit<string, DeviceRow>(
    async (ids) => {
      const rows = await db
        .selectFrom('device')
        .select(['_id', 'device_id', 'name', 'type', 'integrator', 'dealer', 'locked', 'lock_reason', 'key_hash'])
        .where('device_id', 'in', [...new Set(ids)])
        .execute();
      const byId = new Map(rows.map((r) => [r.device_id, r]));
      return ids.map((id) => byId.get(id));
    },
    { name: 'device_key' },
  );
}

/** `cache`: how robots' rows may be kept between calls (./keyCache.ts; server/main.ts decides by the engine). */
export function installGatewayAuth(app: FastifyInstance, db: DB, cache?: CacheMode) {
  app.decorateRequest('device', undefined);
  const lookup = deviceLookup(db);
  const kept = deviceKeyCache<DeviceRow>(cache);
  app.addHook('onClose', async () => kept.close());
  const logSecurity = securityLog(db);
  const matches = (given: Buffer, row: DeviceRow | undefined) =>
    Boolean(row && timingSafeEqual(given, Buffer.from(row.key_hash, 'hex')));
  const authenticate = async (req: FastifyRequest) => {
    const id = req.headers['x-device-id'];
    const key = req.headers['x-device-key'];
    if (typeof id !== 'string' || typeof key !== 'string' || id.length > 64 || key.length > 200) throw unauthorized();
    const given = Buffer.from(hashDeviceKey(key), 'hex');
    // a kept row serves only its own key; anything else is read from the database, as every call once was
    let row = kept.get(id);
    if (!matches(given, row)) {
      const since = kept.since();
      row = await lookup(id);
      if (row) kept.remember(id, since, row);
    }
    const good = matches(given, row);
    if (!row || !good) {
      // Refused keys are counted per robot (or per address for unknown ids) and ten-minute window; a
      // robot's first refusal of a window also goes to the operation log, so its tenant sees it there.
      const opened = await logSecurity('gateway_refused', row ? `device:${row._id}` : `ip:${req.ip}`, req.ip);
      if (row && opened)
        await writeLog(
          db,
          { ip: req.ip },
          {
            action: 'gateway_refused',
            resource: 'device',
            record: row._id,
            integrator: row.integrator,
            dealer: row.dealer,
          },
        );
      throw unauthorized();
    }
    const { key_hash: _kh, ...device } = row;
    req.device = device;
  };
  // Every call passes here, and only the gateway's are a robot's: the others go on without an async function's
  // promise (the console's signed-in calls, docs/performance.md "As a browser pays it").
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith(GATEWAY_PREFIX)) return done();
    authenticate(req).then(() => done(), done);
  });
}

export function deviceOf(req: FastifyRequest): GatewayDevice {
  if (!req.device) throw unauthorized();
  return req.device;
}
