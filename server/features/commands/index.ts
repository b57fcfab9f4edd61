// Commands to robots (docs/commands.md): the console's send, the cancel action's hook, and in every process the
// expiry sweep and the "who has commands waiting" set. The robots' side — their poll, their acknowledgement and
// the heartbeat's answer, which carries the due commands too — is the gateway's (server/features/gateway/).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import { defineHooks } from '../../crud/hooks';
import { publish } from '../../events/bus';
import { ok, messageOf, requestLang } from '../../http/envelope';
import { ApiError, conflict } from '../../http/errors';
import {
  route,
  obj,
  str,
  int,
  list,
  choice,
  nullable,
  anyObject,
  refusal,
  type EdgeTypes,
  type JsonSchema,
  type ValueOf,
} from '../../http/schema';
import deviceDef from '../../../resources/device';
import commandDef, {
  BUSINESS_STATES,
  COMMAND_NAMES,
  DEFAULT_EXPIRES_IN,
  MAX_COMMAND_DEVICES,
  MAX_EXPIRES_IN,
  MAX_IDEMPOTENCY_KEY,
  type SendAnswer,
  type SendResult,
} from '../../../resources/command';
import { checkCommand, changedEvent, queueFor, queued, type Target } from './ledger';
import { acksForBeats, commandsForBeats, expireCommands, resendSeconds } from './delivery';
import { listenForQueued, loadDue } from './due';
import { cancelCommand, targetsOf } from './queries';
import { contributorsOf } from '../../events/domain';
import { menuSynced } from './menu';
import type { Feature } from '../feature';

export { queueCommand, type QueueCommand, type CommandRow } from './ledger';
export { commandsForBeats, expireCommands } from './delivery';

/** What a send takes; each value keeps its own words whichever of its rules it breaks. The parameters' rules depend
 * on the command (across fields), so `checkCommand` judges them. */
const sendBody = obj(
  {
    devices: list(str('a robot _id'), {
      minItems: 1,
      maxItems: MAX_COMMAND_DEVICES,
      'x-ids': true,
      ...refusal('vf.commands.error.devices', { max: MAX_COMMAND_DEVICES }),
    }),
    command: choice(
      COMMAND_NAMES,
      undefined,
      refusal('vf.commands.error.command', { commands: COMMAND_NAMES.join(', ') }, 'command'),
    ),
    params: nullable(anyObject("the command's declared parameters")),
    expires_in: nullable(
      int(`seconds the command waits for its robot (default ${DEFAULT_EXPIRES_IN})`, {
        minimum: 1,
        maximum: MAX_EXPIRES_IN,
        ...refusal('vf.commands.error.expires_in', { max: MAX_EXPIRES_IN }),
      }),
    ),
    idempotency_key: nullable(
      str('repeats with this key within a day queue nothing more', {
        maxLength: MAX_IDEMPOTENCY_KEY,
        ...refusal('vf.commands.error.idempotency_key', { max: MAX_IDEMPOTENCY_KEY }),
      }),
    ),
  },
  ['devices', 'command'],
);

/** `POST /api/command/send`: one command per robot; a robot outside the caller's scope is refused as unknown. */
async function send(db: DB, req: FastifyRequest, body: ValueOf<typeof sendBody>): Promise<SendAnswer> {
  const ctx = ctxOf(req);
  requirePermission(ctx.user, commandDef.calls.send.permission);
  const devices = [...new Set(body.devices)]; // a robot named twice is one robot
  const { command, params } = checkCommand(body.command, body.params);
  // a command limited to robots of one type (an update's image, the campaigns feature): its contributor says which
  let image: { type: string } | undefined;
  for (const check of contributorsOf('command.check')) image = (await check(db, command, params)) ?? image;
  const expiresIn = body.expires_in ?? DEFAULT_EXPIRES_IN;
  const idempotencyKey = body.idempotency_key || null;
  const scope = scopeConditions(deviceDef, ctx.user);
  const reachable = scope === 'none' ? [] : await targetsOf(db, devices, scope);
  // an image installs on robots of its own type only: the others are refused, each by name
  const targets: Target[] = image ? reachable.filter((t) => t.type === image.type) : reachable;
  const otherType = new Set(image ? reachable.filter((t) => t.type !== image.type).map((t) => t._id) : []);
  const ids = targets.length
    ? await db
        .transaction()
        .execute((trx) =>
          queueFor(trx, ctx, targets, { command, params, expiresIn, createdBy: ctx.user._id, idempotencyKey }),
        )
    : new Map<string, string>();
  queued(ids.keys());
  const unknown = messageOf(requestLang(req), 'command', new ApiError(404, 'vf.commands.error.not_found')).message;
  const wrongType = image
    ? messageOf(requestLang(req), 'command', conflict('vf.campaign.error.firmware_type', { type: image.type })).message
    : '';
  const results: SendResult[] = devices.map((device) => {
    const _id = ids.get(device);
    if (_id) return { device, _id, status: 'done' };
    if (otherType.has(device)) return { device, status: 'refused', code: 409, message: wrongType };
    return { device, status: 'refused', code: 404, message: unknown };
  });
  const done = results.filter((r) => r.status === 'done').length;
  return { done, refused: results.length - done, results };
}

const arr = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });

export const commandRoutes = fp<{ db: DB }>(async (plain, { db }) => {
  const app = plain.withTypeProvider<EdgeTypes>(); // the send's body typed from its schema
  app.post(
    '/api/command/send',
    {
      config: { resource: 'command' },
      schema: route({
        tags: ['command'],
        summary: 'Queue one command for each robot named (1–1000): per-robot results, as a bulk action answers',
        description: `A robot outside the caller's scope is refused like an unknown one (code 404). The same idempotency_key from the same account within a day answers the first call's commands and queues nothing more. Parameters: lock { reason (1–100 characters) }, set_business_state { state: ${BUSINESS_STATES.join(' | ')} }, none for the others.`,
        body: sendBody,
        data: obj({
          done: int(),
          refused: int(),
          results: arr(
            obj({
              device: str(),
              _id: str('the command queued for this robot'),
              status: str(undefined, { enum: ['done', 'refused'] }),
              code: int("the refusal's HTTP status"),
              message: str(),
            }),
          ),
        }),
      }),
    },
    async (req) => ok(await send(db, req, req.body)),
  );

  // every process: the set of robots with commands waiting, and the expiry sweep (which also refills the set)
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    listenForQueued();
    await loadDue(db);
    const every = Math.min(5000, Math.max(250, resendSeconds() * 500));
    timer = setInterval(() => {
      running = running
        .then(() => expireCommands(db))
        .then(() => loadDue(db))
        .catch((e) => app.log.error(e, 'command expiry failed'));
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});

// The console's cancel (a declared action, from `queued` only: the generic action locks the row and checks its
// state, so a cancel racing a hand-over ends in one state): the row moves, and the robot's page sees it live.
export const commandHooks = defineHooks('command', {
  actions: {
    cancel: (a) => cancelCommand(a.trx, a.existing._id),
  },
  async afterAction(_name, a) {
    await publish(changedEvent(a.saved), a.trx);
  },
});

export const commands: Feature = {
  name: 'commands',
  register: (app, { db }) => app.register(commandRoutes, { db }),
  hooks: [commandHooks],
  owns: ['command'],
  events: {
    publishes: ['command.outcome'],
    subscribes: { 'command.outcome': menuSynced },
    contributes: { 'beat.commands': commandsForBeats, 'beat.acks': acksForBeats },
  },
};
