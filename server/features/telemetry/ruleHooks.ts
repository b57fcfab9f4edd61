// A telemetry rule's writes beyond its declaration (resources/telemetry_rule.ts): a rule for one robot belongs to
// that robot's brand and store (so its scope is the robot's), and every write makes each process read the rules again.
import { defineHooks } from '../../crud/hooks';
import { inScope } from '../../crud/scope';
import { invalid } from '../../http/errors';
import device from '../../../resources/device';
import { rulesChanged } from './rules';

export const telemetryRuleHooks = defineHooks('telemetry_rule', {
  async beforeWrite({ trx, ctx, values, existing }) {
    const target = values.device ?? existing?.device;
    if (!target) return;
    const robot = await trx
      .selectFrom('device')
      .select(['integrator', 'dealer'])
      .where('_id', '=', String(target))
      .executeTakeFirst();
    if (!robot || !inScope(device, ctx.user, robot)) throw invalid({ device: { key: 'vf.error.reference_missing' } });
    values.integrator = robot.integrator;
    values.dealer = robot.dealer;
  },
  async afterWrite({ trx }) {
    await rulesChanged(trx);
  },
  async beforeRemove({ trx }) {
    await rulesChanged(trx);
  },
});
