// Menu sync (docs/commands.md): the `sync_menu` command's limit on the version a robot reports, and what its
// acknowledgement records. What a robot runs and was last answered is on its row, the fleet's
// (server/features/fleet/menuSync.ts).
import type { InTransaction } from '../../events/domain';
import { menuReported } from '../fleet/menuSync';

/** Largest menu version a robot may report. */
export const MAX_MENU_VERSION = 64;

/** sync_menu acknowledged: the robot runs the menu it fetched (the version its result reports). */
export const menuSynced: InTransaction<'command.outcome'> = async (trx, c) => {
  const version = c.result?.menu_version;
  if (
    c.state === 'acknowledged' &&
    c.command === 'sync_menu' &&
    typeof version === 'string' &&
    version.length <= MAX_MENU_VERSION
  )
    await menuReported(trx, c.device, version);
};
