// Operators' side of alarms: acknowledge (who, when, an optional comment) and clear (who, when). The generic
// action locks the row and checks its state first (resources/alarm.ts `from`), so an acknowledge racing a
// clear — or a robot's recovery code — ends in one consistent state: the later call gets a 409.
import { sql } from 'kysely';
import { notifyText } from '../../../i18n/notify';
import { type ActionContext, defineHooks, type RecordOf } from '../../crud/hooks';
import { publish } from '../../events/bus';
import { alarmEvent } from './alarms';
import { publishInTransaction, type AlarmRow } from '../../events/domain';
import { ruleAlarmText } from '../../../i18n/telemetry';

const update = (a: ActionContext<RecordOf<'alarm'>>, set: Record<string, unknown>) =>
  a.trx.updateTable('alarm').set(set).where('_id', '=', a.existing._id).returningAll().executeTakeFirstOrThrow();

export const alarmHooks = defineHooks('alarm', {
  actions: {
    acknowledge: (a) =>
      update(a, {
        state: 'acknowledged',
        ack_by: a.ctx.user._id,
        ack_time: sql`now()`,
        ack_comment: (a.body.comment as string | undefined) || null,
      }),
    clear: (a) => update(a, { state: 'cleared', clear_by: a.ctx.user._id, clear_time: sql`now()` }),
  },
  async afterAction(_name, a) {
    await publish(alarmEvent('alarm.changed', a.saved), a.trx);
    if (a.saved.state === 'cleared') await publishInTransaction(a.trx, 'alarm.cleared', a.saved as AlarmRow);
  },
  present(rows, _db, ctx) {
    for (const r of rows) {
      // a telemetry rule's alarm: titled by the rule's name, its content the value that breached it
      if (r.rule) {
        const d = (r.detail ?? {}) as Record<string, unknown>;
        r.title = String(d.name ?? r.rule);
        r.content = ruleAlarmText(d, ctx.lang);
        continue;
      }
      const t = notifyText(Number(r.code), ctx.lang);
      r.title = t?.title ?? `#${r.code}`;
      r.content = t?.content ?? '';
    }
  },
});
