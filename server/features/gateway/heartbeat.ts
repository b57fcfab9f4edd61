// The robots' calls (docs/api.md, the robots' side): heartbeat, status and notify, authenticated by
// ./auth.ts (X-Device-Id + X-Device-Key). Also starts this process's offline sweeper.
import type { DB } from '../../db';
import { deviceOf } from './auth';
import { heartbeats, offlineAfterSeconds, startSweeper } from './presence';
import { raiseMessage } from '../messages/raise';
import { ok } from '../../http/envelope';
import {
  route,
  obj,
  str,
  int,
  num,
  bool,
  anyObject,
  nullable,
  list,
  refusal,
  type EdgeInstance,
  type ValueOf,
} from '../../http/schema';
import { DEVICE_STATES } from '../../../resources/device';
import { telemetryOf } from '../telemetry/ingest';
import type { GatewayDevice } from '../../auth/robot';
import { contributorsOf, type BeatAck, type HandedCommand } from '../../events/domain';
import { MAX_MENU_VERSION } from '../commands/menu';
import { MAX_FIRMWARE_VERSION } from '../campaigns/firmware';
import { NOTIFY_CODES } from '../../../resources/notify_codes';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors';
import { messageOf, requestLang } from '../../http/envelope';
import { ackBody } from './commands';

/** Largest `detail` a notification may carry, as JSON. */
export const MAX_DETAIL_BYTES = 2000;
const MAX_WORK_STATUS = 40;
/** Most outcomes one beat may carry (`acks`): more than a robot is handed in a few beats. */
export const MAX_BEAT_ACKS = 50;

// Each value keeps the words a robot's maker relies on, whichever of its rules it breaks (`refusal`).
const state = str(undefined, {
  enum: [...DEVICE_STATES],
  ...refusal('vf.live.error.state', { states: DEVICE_STATES.join(', ') }),
});
const tags = ['device-gateway'];
const beatBody = <R extends 'state'>(required: R[]) =>
  obj(
    {
      state: required.length ? state : nullable(state),
      work_status: nullable(
        str(undefined, {
          maxLength: MAX_WORK_STATUS,
          ...refusal('vf.live.error.work_status', { max: MAX_WORK_STATUS }),
        }),
      ),
      menu_version: nullable(
        str('the menu version the robot runs (GET menu answers it)', {
          minLength: 1,
          maxLength: MAX_MENU_VERSION,
          ...refusal('vf.commands.error.menu_version', { max: MAX_MENU_VERSION }),
        }),
      ),
      firmware_version: nullable(
        str('the firmware version the robot runs (docs/campaigns.md)', {
          minLength: 1,
          maxLength: MAX_FIRMWARE_VERSION,
          ...refusal('vf.campaign.error.firmware_version', { max: MAX_FIRMWARE_VERSION }),
        }),
      ),
      telemetry: nullable({
        ...anyObject(
          "measurements: { metric: number } of the metrics declared for the robot's type (docs/telemetry.md)",
        ),
        ...refusal('vf.telemetry.error.body'),
      }),
      acks: list(ackBody, {
        description: `outcomes of commands handed over earlier, each as POST command/ack takes it (docs/commands.md); at most ${MAX_BEAT_ACKS}`,
        maxItems: MAX_BEAT_ACKS,
        ...refusal('vf.commands.error.acks', { max: MAX_BEAT_ACKS }),
      }),
    },
    required,
  );
const notifyBody = obj(
  {
    code: int('a notification code (docs/rules.md)', {
      enum: Object.keys(NOTIFY_CODES).map(Number),
      ...refusal('vf.live.error.code', {}, 'code'),
    }),
    detail: nullable({
      ...anyObject(`at most ${MAX_DETAIL_BYTES} bytes as JSON`),
      'x-max-bytes': MAX_DETAIL_BYTES,
      ...refusal('vf.live.error.detail', { max: MAX_DETAIL_BYTES }),
    }),
  },
  ['code'],
);
const beatAnswer = obj({
  online: bool(),
  state: str(),
  work_status: nullable(str()),
  last_heartbeat: str(),
  // OFFLINE_AFTER_SECONDS need not be whole
  offline_after: num('seconds of silence after which the robot is offline'),
  acks: {
    type: 'array',
    description:
      "the beat's `acks` in order, when it carried some: each command's state, or why its outcome was refused (code 404 or 409, and the message)",
    items: obj({ id: {}, state: str(), code: int(), message: str() }, ['id']),
  },
  commands: {
    type: 'array',
    description:
      'due commands (docs/commands.md): obey each, then report the outcome (`acks` of a later beat, or POST command/ack); [] when none',
    items: obj({ id: str(), command: str(), params: anyObject(), expires_at: str() }, [
      'id',
      'command',
      'params',
      'expires_at',
    ]),
  },
});
/** A beat as either call takes it (a status names its state). */
type Beat = ValueOf<ReturnType<typeof beatBody<never>>>;

export function heartbeatRoutes(app: EdgeInstance, db: DB) {
  // what follows a recorded beat is its subscribers' (`robot.beats`, server/events/domain.ts)
  const heartbeat = heartbeats(db);
  // the answer's due commands, from whoever contributes them (the commands feature: a robot with no command
  // waiting costs no SQL there)
  const contributors = contributorsOf('beat.commands').map((c) => c(db));
  const commands =
    contributors.length === 1
      ? contributors[0]
      : async (device: string): Promise<HandedCommand[]> => {
          const due: HandedCommand[] = [];
          for (const c of contributors) due.push(...(await c(device)));
          return due;
        };
  // the beat's outcomes, recorded by whoever contributes that (the commands feature, its one contributor); with
  // none, an outcome names no command this server knows
  const [ackContributor] = contributorsOf('beat.acks');
  const acknowledge = ackContributor
    ? ackContributor(db)
    : async (_d: GatewayDevice, acks: BeatAck[]) =>
        acks.map(() => new ApiError(404, 'vf.commands.error.not_found_command'));
  const beat = async (body: Beat, device: GatewayDevice, req: FastifyRequest) => {
    const { state, work_status, menu_version, firmware_version } = body;
    // checked before anything is written: a metric the robot's type does not report refuses the whole beat
    const telemetry = telemetryOf(body.telemetry, device.type);
    const r = await heartbeat({
      id: device._id,
      state: state ?? undefined,
      work_status: work_status ?? undefined,
      menu_version: menu_version ?? undefined,
      firmware_version: firmware_version ?? undefined,
      telemetry,
      type: device.type,
    });
    // after the beat is recorded: a robot unknown by then was refused above, with nothing handed over. Its outcomes
    // before its due commands: a robot whose last open command this beat acknowledges is then known to have none.
    const acked = body.acks?.length ? await acknowledge(device, body.acks, req.ip) : undefined;
    const due = await commands(device._id);
    return ok({
      online: true,
      state: r.state,
      work_status: r.work_status,
      last_heartbeat: r.last_heartbeat,
      offline_after: offlineAfterSeconds(),
      ...(acked && {
        acks: acked.map((a, i) => {
          const id = body.acks![i].id;
          if (!(a instanceof ApiError)) return { id, state: a.state };
          return { id, code: a.status, message: messageOf(requestLang(req), undefined, a).message };
        }),
      }),
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
        body: beatBody([]),
        data: beatAnswer,
      }),
    },
    async (req) => beat(req.body, deviceOf(req), req),
  );

  // A state change (idle, busy, failure, lack, pause, unknown): also counts as a heartbeat.
  app.post(
    '/api/device-gateway/status',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'A state change (also a heartbeat)',
        body: beatBody(['state']),
        data: beatAnswer,
      }),
    },
    async (req) => beat(req.body, deviceOf(req), req),
  );

  // A §8 notification: becomes a message (level from the code; title and content in each viewer's language).
  app.post(
    '/api/device-gateway/notify',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'A notification by its §8 code: a message, and an alarm for a fault or warning code',
        body: notifyBody,
        data: obj({ _id: str(), code: int(), level: str() }),
      }),
    },
    async (req) => {
      const device = deviceOf(req);
      const { code, detail } = req.body;
      const saved = await raiseMessage(db, {
        code,
        device: device._id,
        integrator: device.integrator,
        dealer: device.dealer,
        detail: detail ?? null,
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
