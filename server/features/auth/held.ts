// A step of an account's sign-in held after too many wrong guesses (server/auth/holds.ts): its owner is told at once —
// an operation-log entry and a console message in the account's own tenant — and the caller gets a translated 429
// saying for how long. The refusal is the same whatever the guess was, the right one included.
import type { DB } from '../../db';
import { ApiError } from '../../http/errors';
import { writeLog } from '../../log';
import { raiseMessage } from '../messages/raise';
import { tenantOf } from './queries';
import { CODE_SIGN_IN_HELD } from '../../../resources/notify_codes';
import type { Step } from '../../auth/holds';
import { publishInTransaction } from '../../events/domain';

/** The answer to a guess while the step is held (until `heldUntil`, when known). */
export function heldRefusal(step: Step, heldUntil: Date | null): ApiError {
  const minutes = heldUntil ? Math.max(1, Math.ceil((heldUntil.getTime() - Date.now()) / 60_000)) : 1;
  return new ApiError(429, step === 'code' ? 'vf.signin.code_held' : 'vf.signin.password_held', { minutes });
}

/** Tells the account's owner that a step of its sign-in is held; nothing for a name no account has. */
export async function tellHeld(
  db: DB,
  account: string,
  step: Step,
  hold: { heldUntil: Date; failures: number },
  ip: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owner = await tenantOf(trx, account);
    if (!owner) return;
    const after = { step, failures: hold.failures, held_until: hold.heldUntil.toISOString() };
    // the entry and the message belong to the account's own tenant: its owner and its administrators see them
    await writeLog(
      trx,
      { ip },
      {
        action: 'sign_in_held',
        resource: 'user',
        record: account,
        after,
        integrator: owner.integrator ?? null,
        dealer: owner.dealer ?? null,
      },
    );
    await raiseMessage(trx, {
      code: CODE_SIGN_IN_HELD,
      integrator: owner.integrator ?? null,
      dealer: owner.dealer ?? null,
      detail: { account, ...after },
    });
    // a held second factor is a policy event too (docs/notifications.md "Policy events"): the brand's policies that
    // select it send it where its people read (a provider account has no brand, so no policy hears it)
    if (step === 'code')
      await publishInTransaction(trx, 'second_factor.held', {
        account,
        username: account,
        integrator: owner.integrator ?? null,
        dealer: owner.dealer ?? null,
        failures: hold.failures,
        held_until: hold.heldUntil,
      });
  });
}
