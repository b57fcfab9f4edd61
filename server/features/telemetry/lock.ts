// A rule with `lock` takes its robot out of service (docs/telemetry.md): one `lock` command through the command
// ledger (server/features/commands), queued in the transaction that opens the rule's alarm — so once per breach,
// not once per beat. An operator unlocks it with the `unlock` command.
import { queueCommand } from '../commands/ledger';
import { COMMANDS } from '../../../resources/command';
import type { LockRobot } from './rules';

export const lockByRule: LockRobot = async (trx, device, rule, value) => {
  await queueCommand(trx, {
    device,
    command: 'lock',
    // the reason within the catalogue's bound for the `lock` parameter, which the robot is handed as it is
    params: { reason: `${rule.name}: ${rule.metric} ${value}`.slice(0, COMMANDS.lock.reason.max) },
    createdBy: 'system:telemetry',
    reason: rule.name,
  });
};
