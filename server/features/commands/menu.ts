// Menu sync (docs/commands.md): the `sync_menu` command's limit on the version a robot reports, and what its
// acknowledgement records. What a robot runs and was last answered is on its row, the fleet's
// (server/features/fleet/menuSync.ts).
import { forCommands } from '../../events/domain';
import { menuReported } from '../fleet/menuSync';

/** Largest menu version a robot may report. */
export const MAX_MENU_VERSION = 64;

/** sync_menu acknowledged: the robot runs the menu it fetched (the version its result reports). */
export const menuSynced = forCommands(['sync_menu'], async (trx, c) => {
  const version = c.result?.menu_version;
  if (c.state === 'acknowledged' && typeof version === 'string' && version.length <= MAX_MENU_VERSION)
    await menuReported(trx, c.device, version);
});
