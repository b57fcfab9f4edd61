// The robots' calls (docs/api.md, the robots' side): heartbeat, status and notify, authenticated by
// ./auth.ts (X-Device-Id + X-Device-Key). Also starts this process's offline sweeper.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db';
import { deviceOf } from './auth';
import { heartbeats, offlineAfterSeconds, startSweeper } from './presence';
import { raiseMessage } from '../messages/raise';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { route, obj, str, int, bool, anyObject, handlerChecked } from '../../http/schema';
import { DEVICE_STATES } from '../../../resources/device';
import { telemetryOf } from '../telemetry/ingest';
import type { GatewayDevice } from './auth';
import { commandsForBeats } from '../commands/delivery';
import { MAX_MENU_VERSION } from '../commands/menu';
import { lockByRule } from '../telemetry/lock';
import { NOTIFY_CODES } from '../../../resources/notify_codes';
import { isObject, objectOf } from '../../../resources/validate';

/** Largest `detail` a notification may carry, as JSON. */
export const MAX_DETAIL_BYTES = 2000;
const MAX_WORK_STATUS = 40;

function stateOf(v: unknown, required: boolean): string | undefined {
  if (v === undefined || v === null) {
    if (required) throw new ApiError(400, 'vf.live.error.state', { states: DEVICE_STATES.join(', ') });
    return undefined;
  }
  if (typeof v !== 'string' || !(DEVICE_STATES as readonly string[]).includes(v)) {
    throw new ApiError(400, 'vf.live.error.state', { states: DEVICE_STATES.join(', ') });
  }
  return v;
}

function workStatusOf(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > MAX_WORK_STATUS)
    throw new ApiError(400, 'vf.live.error.work_status', { max: MAX_WORK_STATUS });
  return v;
}

function menuVersionOf(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_MENU_VERSION)
    throw new ApiError(400, 'vf.commands.error.menu_version', { max: MAX_MENU_VERSION });
  return v;
}

const tags = ['device-gateway'];
const beatBody = (stateRequired: boolean) =>
  handlerChecked(
    obj(
      {
        state: str(undefined, { enum: [...DEVICE_STATES] }),
        work_status: str(undefined, { maxLength: MAX_WORK_STATUS }),
        menu_version: str('the menu version the robot runs (GET menu answers it)', { maxLength: MAX_MENU_VERSION }),
        telemetry: anyObject(
          "measurements: { metric: number } of the metrics declared for the robot's type (docs/telemetry.md)",
        ),
      },
      stateRequired ? ['state'] : [],
    ),
  );
const beatAnswer = obj({
  online: bool(),
  state: str(),
  work_status: str(),
  last_heartbeat: str(),
  offline_after: int('seconds of silence after which the robot is offline'),
  commands: {
    type: 'array',
    description: 'due commands (docs/commands.md): obey each, then POST command/ack; [] when none',
    items: obj({ id: str(), command: str(), params: anyObject(), expires_at: str() }),
  },
});

export function heartbeatRoutes(app: FastifyInstance, db: DB) {
  // a telemetry rule with `lock` queues the robot's lock through the command ledger
  const heartbeat = heartbeats(db, lockByRule);
  // a robot with no command waiting costs no SQL here (server/features/commands/due.ts)
  const commands = commandsForBeats(db);
  const beat = async (raw: unknown, device: GatewayDevice, stateRequired: boolean) => {
    const body = isObject(raw) ? raw : {};
    const state = stateOf(body.state, stateRequired);
    const work_status = workStatusOf(body.work_status);
    const menu_version = menuVersionOf(body.menu_version);
    // checked before anything is written: a bad metric refuses the whole beat
    const telemetry = telemetryOf(body.telemetry, device.type);
    const r = await heartbeat({ id: device._id, state, work_status, menu_version, telemetry, type: device.type });
    // after the beat is recorded: a robot unknown by then was refused above, with nothing handed over
    const due = await commands(device._id);
    return ok({
      online: true,
      state: r.state,
      work_status: r.work_status,
      last_heartbeat: r.last_heartbeat,
      offline_after: offlineAfterSeconds(),
      commands: due,
    });
  };

  // Marks the robot online now; the answer tells it how long it may stay silent.
  app.post(
    '/api/device-gateway/heartbeat',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'The robot is online now',
        body: beatBody(false),
        data: beatAnswer,
      }),
    },
    async (req) => beat(req.body, deviceOf(req), false),
  );

  // A state change (idle, busy, failure, lack, pause, unknown): also counts as a heartbeat.
  app.post(
    '/api/device-gateway/status',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'A state change (also a heartbeat)',
        body: beatBody(true),
        data: beatAnswer,
      }),
    },
    async (req) => beat(req.body, deviceOf(req), true),
  );

  // A §8 notification: becomes a message (level from the code; title and content in each viewer's language).
  app.post(
    '/api/device-gateway/notify',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'A notification by its §8 code: a message, and an alarm for a fault or warning code',
        body: handlerChecked(
          obj(
            {
              code: int('a notification code (docs/rules.md)'),
              detail: anyObject(`at most ${MAX_DETAIL_BYTES} bytes as JSON`),
            },
            ['code'],
          ),
        ),
        data: obj({ _id: str(), code: int(), level: str() }),
      }),
    },
    async (req) => {
      const device = deviceOf(req);
      const body = objectOf(req.body);
      const code = body.code;
      if (typeof code !== 'number' || !Number.isInteger(code) || !NOTIFY_CODES[code]) {
        throw new ApiError(400, 'vf.live.error.code', { code: String(code ?? '').slice(0, 20) });
      }
      let detail: Record<string, unknown> | null = null;
      if (body.detail !== undefined && body.detail !== null) {
        if (typeof body.detail !== 'object' || Array.isArray(body.detail))
          throw new ApiError(400, 'vf.live.error.detail', { max: MAX_DETAIL_BYTES });
        if (Buffer.byteLength(JSON.stringify(body.detail)) > MAX_DETAIL_BYTES)
          throw new ApiError(400, 'vf.live.error.detail', { max: MAX_DETAIL_BYTES });
        detail = body.detail as Record<string, unknown>;
      }
      const saved = await raiseMessage(db, {
        code,
        device: device._id,
        integrator: device.integrator,
        dealer: device.dealer,
        detail,
      });
      return ok({ _id: saved._id, code: saved.code, level: saved.level });
    },
  );

  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startSweeper(db, (e) => app.log.error(e, 'offline sweep failed'));
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
