// Firmware images (resources/firmware.ts, docs/campaigns.md): the declaration's hooks (checksum and size come from the upload, never from the caller), and what the
// gateway and the command ledger read of an image (a robot's download, the `update_firmware` hand-over).
import { sql } from 'kysely';
import type { DB } from '../../db';
import { forCommands, type Contributions } from '../../events/domain';
import { defineHooks } from '../../crud/hooks';
import { invalid } from '../../http/errors';
import { firmwareRuns } from '../fleet/robotState';

/** The content type firmware images are recorded with among the uploads. */
export const OCTETS = 'application/octet-stream';

export interface FirmwareRow {
  _id: string;
  type: string;
  firmware_version: string;
  file: string;
  sha256: string;
  size: number;
}

/** Where a robot downloads an image (`GET` with its key, docs/campaigns.md). */
export const firmwareUrl = (id: string) => `/api/device-gateway/firmware/${encodeURIComponent(id)}`;

/** An image by _id, or undefined. */
export async function firmwareById(db: DB, id: string): Promise<FirmwareRow | undefined> {
  return db
    .selectFrom('firmware')
    .select(['_id', 'type', 'firmware_version', 'file', 'sha256', 'size'])
    .where('_id', '=', id)
    .executeTakeFirst();
}

/** What a robot is handed with `update_firmware`, by image _id (an image deleted since is left out). */
export async function firmwareHandOver(
  db: DB,
  ids: string[],
): Promise<Map<string, { version: string; url: string; sha256: string; size: number }>> {
  if (!ids.length) return new Map();
  const rows = await sql<FirmwareRow>`SELECT _id, firmware_version, sha256, size FROM firmware
                                        WHERE _id = ANY(${[...new Set(ids)]}::text[])`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      r._id,
      { version: r.firmware_version, url: firmwareUrl(r._id), sha256: r.sha256, size: r.size },
    ]),
  );
}

// The checksum and size are the upload's, recorded when the bytes arrived: a caller cannot name others.
export const firmwareHooks = defineHooks('firmware', {
  async beforeWrite(w) {
    if (w.mode !== 'create') return;
    const up = await w.trx
      .selectFrom('upload')
      .select(['size', 'sha256'])
      .where('path', '=', String(w.values.file))
      .where('content_type', '=', OCTETS)
      .executeTakeFirst();
    if (!up?.sha256) throw invalid({ file: { key: 'vf.campaign.error.firmware_upload' } });
    w.values.sha256 = up.sha256;
    w.values.size = up.size;
  },
});

/** `update_firmware`'s image, checked where the command is queued (a send, a campaign): it must exist. Answers the
 * image, or undefined for any other command. */
export async function firmwareOfCommand(
  db: DB,
  command: string,
  params: Record<string, unknown>,
): Promise<FirmwareRow | undefined> {
  if (command !== 'update_firmware') return undefined;
  const fw = await firmwareById(db, String(params.firmware ?? ''));
  if (!fw) throw invalid({ 'params.firmware': { key: 'vf.campaign.error.firmware' } });
  return fw;
}

/** The longest version a robot reports (heartbeat `firmware_version`, the update's acknowledgement). */
export const MAX_FIRMWARE_VERSION = 64;

/** The robot runs this firmware version now (its update acknowledged): recorded on its row when it is one a robot
 * may report. */
export async function firmwareReported(db: DB, device: string, version: unknown): Promise<void> {
  if (typeof version !== 'string' || version.length === 0 || version.length > MAX_FIRMWARE_VERSION) return;
  await firmwareRuns(db, device, version);
}

/** `update_firmware` handed over (`command.handOver`): each carries where to fetch its image and how to check it
 * (docs/campaigns.md, robot side); no statement when none is an update. */
export const updateHandOver: Contributions['command.handOver'] = async (trx, commands) => {
  const updates = commands.filter((c) => c.command === 'update_firmware');
  const extra = new Map<string, Record<string, unknown>>();
  if (!updates.length) return extra;
  const images = await firmwareHandOver(
    trx,
    updates.map((c) => String(c.params.firmware)),
  );
  for (const c of updates) {
    const image = images.get(String(c.params.firmware));
    if (image) extra.set(c._id, image);
  }
  return extra;
};

/** update_firmware acknowledged (`command.outcome`): the robot runs the version it reports. */
export const updateInstalled = forCommands(['update_firmware'], async (trx, c) => {
  if (c.state === 'acknowledged') await firmwareReported(trx, c.device, c.result?.firmware_version);
});
