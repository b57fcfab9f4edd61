// The names of the browser's parts a declaration may ask for (a field's `render` and `input`, a resource's
// `cells`, its list's `toolbar` and `bulk` buttons). The declarations' types take these names only, and the
// browser's list of parts (src/parts.ts) must hold a part under each: a name misspelt on either side, or a
// name without its part, is a compiler error (docs/architecture.md, "The browser: parts plugged in").
// Adding a part: its name here, the part in its feature's `plug.tsx`.

/** Read-only renderers: a value in a list's column and on a record's page. */
export const RENDERER_NAMES = [
  'level',
  'clamp',
  'word',
  'photos',
  'codeTitle',
  'alarmState',
  'soldOut',
  'emptyIn',
  'perDay',
  'metric',
  'resourceName',
  'logAction',
  'accountType',
  'commandState',
  'commandParams',
  'locked',
  'menuOutdated',
  'notifyTiers',
  'notifyQuiet',
  'notifyCodes',
  'notifyMessage',
  'campaignPhases',
  'campaignTarget',
] as const;
export type RendererName = (typeof RENDERER_NAMES)[number];

/** Form inputs (also a filter's input in a list's filter bar). */
export const INPUT_NAMES = [
  'photos',
  'properties',
  'resourceChoice',
  'notifyTiers',
  'notifyQuiet',
  'notifyCodes',
  'campaignParams',
  'campaignTarget',
  'campaignPhases',
  'firmwareFile',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

/** Values that are no declared column (texts the server adds, a duration), placed among the columns. */
export const CELL_NAMES = [
  'notice.title',
  'notice.content',
  'log.changes',
  'campaign.funnel',
  'alarm.duration',
] as const;
export type CellName = (typeof CELL_NAMES)[number];

/** Buttons on a list's toolbar. */
export const TOOLBAR_BUTTON_NAMES = [
  'lecode.generate',
  'message.readAll',
  'notify_channel.notifyMe',
  'campaign.start',
] as const;
export type ToolbarButtonName = (typeof TOOLBAR_BUTTON_NAMES)[number];

/** Buttons over a list's selected rows, beside the generated bulk verbs. */
export const BULK_BUTTON_NAMES = ['command.send'] as const;
export type BulkButtonName = (typeof BULK_BUTTON_NAMES)[number];
