// Device notification codes (docs/rules.md, Codes): robots send a numeric code; the console shows a level, a
// title and a content text in the viewer's language. This module is the language-neutral catalogue:
// every code, its level and category. The texts live in i18n/notify/ (en, zh, es, ja).
//
// Conventions
// - Codes in the 3000s (3021-3023, 3201, 3202, 3650-3652, 3750, 3751, 3806, 3807) mean "resolved /
//   recovered" and have level success. 3xyz usually clears fault xyz (3023 clears 23, 3202 clears 202).
// - Stock 200000-200009: the last digit is the remaining stock level. 200000 = sold out (error),
//   200001-200009 = low stock with that many left (warning).
// - Orders: 4000 success; 4001-4009 = the order failed on its 1st..9th attempt (warning, the robot may
//   still retry); 1005 = the order failed and was not recovered (error).
//
// Codes are either described one by one (NOTIFY_SINGLE) or belong to a block of a range (NOTIFY_BLOCKS)
// whose codes share a subsystem and a check list; block texts always name the exact code, so every
// notification is distinguishable. The devices do not document the meaning of each code inside the
// large ranges, so the blocks below are this console's layout, not the firmware's:
//
// Ice cream machine 102-151 (error):
//   102-111 refrigeration (compressor, condenser)   112-121 freezing cylinder and beater
//   122-131 mix supply (hopper, mix pump)           132-141 temperature control and heat treatment
//   142-151 dispensing unit and controller
// Milk 200-212 (warning): 201 milk low, 202 milk empty (error); 200 and 203-212 generic milk level
//   alerts. 3201 = milk level back to normal, 3202 = milk refilled.
// Coffee machine 500-546 and 600-616 (error):
//   500-509 water supply   510-519 heater and temperature   520-529 grinder   530-539 brewing unit
//   540-546 milk module and electronics   600-616 operation and maintenance (grounds container,
//   drip tray, covers, cleaning/descaling requests)
// Coffee machine connection: 650 disconnected (error), 655 not responding (warning); 3650 reconnected,
//   3651 responding again, 3652 ready.
// Ice maker 700-752 (error unless noted):
//   700-714 refrigeration   715-729 water supply and ice-making cycle   730-739 ice harvest
//   740-749 ice bin and dispensing   750 ice low (warning)   751 no water   752 ice dispensing jammed
//   3750 ice level back to normal, 3751 water supply restored.
// Cappuccino art printer: 806 out of ink (warning), 807 offline (error), 808 print failed (warning);
//   3806 ink replaced, 3807 back online.
// Business state: 1000 open (success), 1001 paused (warning), 1002 closed (info).
// Coffee hardware 5013-5211 (error), 199 codes:
//   5013-5031 coffee boiler (19)   5032-5049 steam boiler (18)   5050-5079 grinders (30)
//   5080-5099 bean bins (20)       5100-5139 milk lines (40)     5140-5159 water tray (20)
//   5160-5199 brew unit (40)       5200-5211 leaks (12)

export type NotifyLevel = 'info' | 'success' | 'warning' | 'error';

export type NotifyCategory =
  | 'connection'
  | 'stock'
  | 'robot_arm'
  | 'icecream'
  | 'milk'
  | 'cup'
  | 'change'
  | 'coffee'
  | 'coffee_connection'
  | 'ice_maker'
  | 'printer'
  | 'business'
  | 'order'
  | 'coffee_hardware';

export interface NotifyCodeInfo {
  level: NotifyLevel;
  category: NotifyCategory;
}

export interface NotifyText {
  title: string;
  content: string;
}

/** Codes with their own text in every language. */
export const NOTIFY_SINGLE = {
  100001: { level: 'success', category: 'connection' },
  100002: { level: 'error', category: 'connection' },
  // raised by the server, not a robot: wrong two-factor codes in a row after a right password (server/features/totp/index.ts)
  100010: { level: 'warning', category: 'business' },
  // raised by the server: a step of an account's sign-in held after too many wrong guesses (server/auth/holds.ts)
  100011: { level: 'error', category: 'business' },
  200000: { level: 'error', category: 'stock' },
  201: { level: 'warning', category: 'milk' },
  202: { level: 'error', category: 'milk' },
  3201: { level: 'success', category: 'milk' },
  3202: { level: 'success', category: 'milk' },
  300: { level: 'warning', category: 'cup' },
  301: { level: 'error', category: 'cup' },
  400: { level: 'warning', category: 'change' },
  650: { level: 'error', category: 'coffee_connection' },
  655: { level: 'warning', category: 'coffee_connection' },
  3650: { level: 'success', category: 'coffee_connection' },
  3651: { level: 'success', category: 'coffee_connection' },
  3652: { level: 'success', category: 'coffee_connection' },
  750: { level: 'warning', category: 'ice_maker' },
  751: { level: 'error', category: 'ice_maker' },
  752: { level: 'error', category: 'ice_maker' },
  3750: { level: 'success', category: 'ice_maker' },
  3751: { level: 'success', category: 'ice_maker' },
  806: { level: 'warning', category: 'printer' },
  807: { level: 'error', category: 'printer' },
  808: { level: 'warning', category: 'printer' },
  3806: { level: 'success', category: 'printer' },
  3807: { level: 'success', category: 'printer' },
  1000: { level: 'success', category: 'business' },
  1001: { level: 'warning', category: 'business' },
  1002: { level: 'info', category: 'business' },
  1005: { level: 'error', category: 'order' },
  4000: { level: 'success', category: 'order' },
} as const satisfies Record<number, NotifyCodeInfo>;

export type NotifySingleCode = keyof typeof NOTIFY_SINGLE;

export interface NotifyBlock extends NotifyCodeInfo {
  /** Inclusive [from, to] ranges. */
  ranges: readonly (readonly [number, number])[];
}

/** Ranges whose codes share one text template per language (the template names the exact code). */
export const NOTIFY_BLOCKS = {
  'robot_arm.fault': { ranges: [[21, 23]], level: 'error', category: 'robot_arm' },
  'robot_arm.resolved': { ranges: [[3021, 3023]], level: 'success', category: 'robot_arm' },
  'stock.low': { ranges: [[200001, 200009]], level: 'warning', category: 'stock' },
  'icecream.refrigeration': { ranges: [[102, 111]], level: 'error', category: 'icecream' },
  'icecream.cylinder': { ranges: [[112, 121]], level: 'error', category: 'icecream' },
  'icecream.mix': { ranges: [[122, 131]], level: 'error', category: 'icecream' },
  'icecream.temperature': { ranges: [[132, 141]], level: 'error', category: 'icecream' },
  'icecream.dispensing': { ranges: [[142, 151]], level: 'error', category: 'icecream' },
  'milk.level': {
    ranges: [
      [200, 200],
      [203, 212],
    ],
    level: 'warning',
    category: 'milk',
  },
  'coffee.water': { ranges: [[500, 509]], level: 'error', category: 'coffee' },
  'coffee.heating': { ranges: [[510, 519]], level: 'error', category: 'coffee' },
  'coffee.grinder': { ranges: [[520, 529]], level: 'error', category: 'coffee' },
  'coffee.brewing': { ranges: [[530, 539]], level: 'error', category: 'coffee' },
  'coffee.control': { ranges: [[540, 546]], level: 'error', category: 'coffee' },
  'coffee.maintenance': { ranges: [[600, 616]], level: 'error', category: 'coffee' },
  'ice_maker.refrigeration': { ranges: [[700, 714]], level: 'error', category: 'ice_maker' },
  'ice_maker.water': { ranges: [[715, 729]], level: 'error', category: 'ice_maker' },
  'ice_maker.harvest': { ranges: [[730, 739]], level: 'error', category: 'ice_maker' },
  'ice_maker.storage': { ranges: [[740, 749]], level: 'error', category: 'ice_maker' },
  'order.retry': { ranges: [[4001, 4009]], level: 'warning', category: 'order' },
  'hw.coffee_boiler': { ranges: [[5013, 5031]], level: 'error', category: 'coffee_hardware' },
  'hw.steam_boiler': { ranges: [[5032, 5049]], level: 'error', category: 'coffee_hardware' },
  'hw.grinder': { ranges: [[5050, 5079]], level: 'error', category: 'coffee_hardware' },
  'hw.bean_bin': { ranges: [[5080, 5099]], level: 'error', category: 'coffee_hardware' },
  'hw.milk_line': { ranges: [[5100, 5139]], level: 'error', category: 'coffee_hardware' },
  'hw.water_tray': { ranges: [[5140, 5159]], level: 'error', category: 'coffee_hardware' },
  'hw.brew_unit': { ranges: [[5160, 5199]], level: 'error', category: 'coffee_hardware' },
  'hw.leak': { ranges: [[5200, 5211]], level: 'error', category: 'coffee_hardware' },
} as const satisfies Record<string, NotifyBlock>;

export type NotifyBlockKey = keyof typeof NOTIFY_BLOCKS;

/** Every code of a block, ascending. */
export function blockCodes(key: NotifyBlockKey): number[] {
  const codes: number[] = [];
  for (const [from, to] of NOTIFY_BLOCKS[key].ranges) for (let c = from; c <= to; c++) codes.push(c);
  return codes;
}

function buildCatalogue(): Record<number, NotifyCodeInfo> {
  const out: Record<number, NotifyCodeInfo> = {};
  const add = (code: number, info: NotifyCodeInfo) => {
    if (out[code]) throw new Error(`notify code ${code} is defined twice`);
    out[code] = { level: info.level, category: info.category };
  };
  for (const [code, info] of Object.entries(NOTIFY_SINGLE)) add(Number(code), info);
  for (const key of Object.keys(NOTIFY_BLOCKS) as NotifyBlockKey[]) {
    for (const code of blockCodes(key)) add(code, NOTIFY_BLOCKS[key]);
  }
  return out;
}

/** Every notification code the console knows, with its level and category. */
export const NOTIFY_CODES: Record<number, NotifyCodeInfo> = buildCatalogue();

/** What one language provides: a text per single code and a text template per block. */
export interface NotifyLanguagePack {
  single: Record<NotifySingleCode, NotifyText>;
  block: Record<NotifyBlockKey, (code: number) => NotifyText>;
}

/** Expands a language pack into a full code -> text object (one entry per code of NOTIFY_CODES). */
export function buildNotifyTexts(pack: NotifyLanguagePack): Record<number, NotifyText> {
  const out: Record<number, NotifyText> = {};
  for (const code of Object.keys(NOTIFY_SINGLE)) {
    const t = pack.single[Number(code) as NotifySingleCode];
    out[Number(code)] = { title: t.title, content: t.content };
  }
  for (const key of Object.keys(NOTIFY_BLOCKS) as NotifyBlockKey[]) {
    for (const code of blockCodes(key)) out[code] = pack.block[key](code);
  }
  return out;
}

/** The message telling an account's tenant that wrong two-factor codes voided a sign-in (someone knows its password). */
export const CODE_TOTP_FAILURES = 100010;

/** The message telling an account's tenant that its sign-in is held: too many wrong codes or passwords, from any
 * addresses (server/features/auth/held.ts). */
export const CODE_SIGN_IN_HELD = 100011;
