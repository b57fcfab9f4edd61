// The robots' side of commands (docs/commands.md): polling for due commands (the heartbeat's answer carries them
// too, ./heartbeat.ts) and acknowledging one. Sending, the ledger and the expiry sweep are
// server/features/commands/.
import type { DB } from '../../db';
import { ok } from '../../http/envelope';
import {
  route,
  obj,
  str,
  anyObject,
  choice,
  nullable,
  refusal,
  time,
  type EdgeInstance,
  type JsonSchema,
} from '../../http/schema';
import { COMMAND_NAMES } from '../../../resources/command';
import { acknowledge, ackOf, commandsForBeats, MAX_RESULT_BYTES } from '../commands/delivery';
import { deviceOf } from './auth';

const arr = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });
const robotCommand = obj(
  {
    id: str('the command _id (the same on every resend)'),
    command: str(undefined, { enum: COMMAND_NAMES }),
    params: anyObject('the declared parameters ({} when none)'),
    expires_at: time,
  },
  ['id', 'command', 'params', 'expires_at'],
);
const gatewayTags = ['device-gateway'];
/** An outcome, as `command/ack` takes it and as each of a heartbeat's `acks` is (./heartbeat.ts). */
export const ackBody = obj(
  {
    id: { description: 'the command _id (a value naming no command of this robot is a 404)' },
    status: choice(['ok', 'failed'] as const, undefined, refusal('vf.commands.error.ack_status')),
    result: nullable({
      ...anyObject(`what the robot reports (sync_menu: { menu_version }), at most ${MAX_RESULT_BYTES} bytes as JSON`),
      'x-max-bytes': MAX_RESULT_BYTES,
      ...refusal('vf.commands.error.result', { max: MAX_RESULT_BYTES }),
    }),
  },
  ['status'],
);

export function commandRoutes(app: EdgeInstance, db: DB) {
  const take = commandsForBeats(db);
  app.get(
    '/api/device-gateway/commands',
    {
      schema: route({
        tags: gatewayTags,
        security: 'device',
        summary: "The robot's due commands (as the heartbeat answers them), for a robot that polls",
        data: obj({ commands: arr(robotCommand) }),
      }),
    },
    async (req) => ok({ commands: await take(deviceOf(req)._id) }),
  );

  app.post(
    '/api/device-gateway/command/ack',
    {
      schema: route({
        tags: gatewayTags,
        security: 'device',
        summary: "The robot's outcome of one of its commands (once: the same again changes nothing, another 409)",
        body: ackBody,
        data: obj({ _id: str(), state: str() }),
      }),
    },
    async (req) => ok(await acknowledge(db, deviceOf(req), ackOf(req.body), req.ip)),
  );
}
