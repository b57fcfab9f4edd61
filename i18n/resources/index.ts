// Labels of every declared resource, in every language. One file per resource, listed here by
// `npm run db:migration` (scripts/registerEntities.ts): keep the list on one line.
import type { Lang } from '../../resources/accounts';
import type { ResourceLabels, ResourceText } from './types';
import user from './user';
import role from './role';
import authorization from './authorization';
import integrator from './integrator';
import dealer from './dealer';
import device from './device';
import message from './message';
import alarm from './alarm';
import webhook from './webhook';
import webhook_delivery from './webhook_delivery';
import telemetry_rule from './telemetry_rule';
import { lecode, chatchat, report, log } from './service';
import product from './product';
import template from './template';
import product_classify from './product_classify';
import order from './order';
import refund from './refund';
import restock from './restock';
import command from './command';
import notification from './notification';
import notify_channel from './notify_channel';
import notify_policy from './notify_policy';
import forecast from './forecast';
import firmware from './firmware';
import campaign from './campaign';

// one line: `npm run db:migration` adds a new entity's name to it (scripts/registerEntities.ts)
// prettier-ignore
export const resourceLabels: Record<string, ResourceLabels> = { user, role, authorization, integrator, dealer, device, alarm, message, product, template, product_classify, order, refund, restock, lecode, chatchat, report, log, webhook, webhook_delivery, command, telemetry_rule, notification, notify_channel, notify_policy, forecast, firmware, campaign };

/** What a save says, by the resource's own name ("Product group created", "Account saved"), in place of
 * react-admin's "Element created" — read by its create and edit screens as `resources.<R>.notifications.*`. */
const SAVED: Record<Lang, Record<'created' | 'updated' | 'deleted', string>> = {
  en: { created: '%{name} created', updated: '%{name} saved', deleted: '%{name} deleted' },
  zh: { created: '已创建%{name}', updated: '已保存%{name}', deleted: '已删除%{name}' },
  // "<name>: …" keeps the sentence right whatever the noun's gender
  es: {
    created: '%{name}: se ha creado',
    updated: '%{name}: se han guardado los cambios',
    deleted: '%{name}: se ha eliminado',
  },
  ja: { created: '%{name}を作成しました', updated: '%{name}を保存しました', deleted: '%{name}を削除しました' },
};

function notificationsOf(lang: Lang, text: ResourceText) {
  const one = text.name.split('||||')[0].trim();
  return Object.fromEntries(Object.entries(SAVED[lang]).map(([k, t]) => [k, t.replace('%{name}', one)]));
}

export function resourceTexts(lang: Lang): Record<string, ResourceText> {
  return Object.fromEntries(
    Object.entries(resourceLabels).map(([name, l]) => [
      name,
      { notifications: notificationsOf(lang, l[lang]), ...l[lang] },
    ]),
  );
}
