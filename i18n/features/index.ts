// Messages of one feature (layout, fleet, catalog, orders …) in all four languages, one file per feature,
// so that features grow without touching each other's files. Each file exports `{ en, zh, es, ja }`, every
// tree under `vf.<feature>`; add one line below. The completeness test compares the four key sets.
import type { Lang } from '../../resources/accounts';
import { mergeTrees, type MessageTree } from '../translate';
import type { FeatureTexts } from './texts';
import fleet from './fleet';
import layout from './layout';
import live from './live';
import catalog from './catalog';
import service from './service';
import orders from './orders';
import ops from './ops';
import alarms from './alarms';
import securityData from './securityData';
import sessionUi from './sessionUi';
import signin from './signin';
import locale from './locale';
import operator from './operator';
import vocab from './vocab';
import restock from './restock';
import apidocs from './apidocs';
import schema from './schema';
import walk from './walk';
import webhooks from './webhooks';
import oplog from './oplog';
import commands from './commands';
import telemetry from './telemetry';
import notify from './notify';
import spreadsheets from './import';
import forecast from './forecast';
import a11y from './a11y';
import campaign from './campaign';

export type { FeatureTexts };

export const features: Record<string, FeatureTexts> = {
  fleet,
  layout,
  live,
  catalog,
  service,
  orders,
  ops,
  alarms,
  securityData,
  sessionUi,
  signin,
  locale,
  operator,
  vocab,
  restock,
  apidocs,
  schema,
  walk,
  webhooks,
  oplog,
  commands,
  telemetry,
  notify,
  import: spreadsheets,
  campaign,
  forecast,
  a11y,
};

export function featureTexts(lang: Lang): MessageTree {
  return Object.values(features).reduce<MessageTree>((all, f) => mergeTrees(all, f[lang]), {});
}
