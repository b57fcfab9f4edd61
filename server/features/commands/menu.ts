// Menu sync (docs/commands.md): the `sync_menu` command's limit on the version a robot reports. What a robot runs
// and was last answered is recorded on its row, the fleet's (server/features/fleet/menuSync.ts).

/** Largest menu version a robot may report. */
export const MAX_MENU_VERSION = 64;
