// Two-factor sign-in (TOTP): the second step of a sign-in, and the caller's own enrolment. Every code
// check counts against the sign-in limit per address (server/auth/throttle.ts), the account's bound on wrong codes
// from any address (server/auth/holds.ts) and its wrong codes in a row. An account whose role requires it but
// that has not enrolled can, until it has, only read its profile, enrol and log out.
import fp from 'fastify-plugin';
import * as S from '../../http/schema';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { ApiError, conflict, forbidden, tooMany, unauthorized } from '../../http/errors';
import { createSession } from '../../auth/session';
import { attemptKeys, keepAttempt, releaseAttempt, reserveAttempt } from '../../auth/throttle';
import { securityLog } from '../../auth/securityLog';
import {
  challengeOf,
  checkCode,
  clearFailedCodes,
  countFailedCode,
  disable,
  dropChallenge,
  dropChallengesOf,
  enable,
  startEnrolment,
  totpOf,
  totpRequired,
  useRecoveryCode,
  TOTP_FAILURES_IN_A_ROW,
} from '../../auth/totp';
import { raiseMessage } from '../messages/raise';
import { heldRefusal, tellHeld } from '../auth/held';
import { keepGuess, releaseGuess, rememberAddress, reserveGuess } from '../../auth/holds';
import { markSignedIn, tenantOf } from '../auth/queries';
import { writeLog } from '../../log';
import { fromOwnPage, setSessionCookies } from '../../auth/cookie';
import { CODE_TOTP_FAILURES } from '../../../resources/notify_codes';
import type { Feature } from '../feature';

/** What an account that must enrol may still call. */
const WHILE_ENROLLING = new Set([
  '/api/user/profile',
  '/api/user/totp',
  '/api/user/totp/setup',
  '/api/user/totp/enable',
  '/api/auth/logout',
  '/api/auth/authorization/shortlist',
]);

const tags = ['session'];
/** A text of 1 to `max` characters once trimmed; anything else is "the code is not right". */
const codeArg = (description: string, max: number) =>
  S.str(description, { minLength: 1, maxLength: max, 'x-trim': true, ...S.refusal('vf.signin.bad_code') });
const codeBody = S.obj({ code: codeArg('six digits from the authenticator app', 40) }, ['code']);

/** Its enrolment gate reaches every route, so the plugin is not encapsulated. */
export const totpRoutes = fp<{ db: DB }>(async (plain, { db }) => {
  const app = plain.withTypeProvider<S.EdgeTypes>(); // bodies typed from their schemas
  const logSecurity = securityLog(db);

  /**
   * Checks a six-digit code or, where allowed, a recovery code. Codes count on their own (docs/security.md "Holds per
   * account"): against the sign-in limit per client address, and as wrong codes of the account — not against the
   * account's password allowance, which a holder of the password once used up with codes, keeping the owner's right
   * password out while guessing on. Per account, whatever the addresses (server/auth/holds.ts): a code is judged only
   * if the account's bound lets it, and the wrong code that fills the bound holds the step and tells the owner. Every
   * TOTP_FAILURES_IN_A_ROW in a row void the account's open challenges (the next try starts with the password again)
   * and tell the owner too: an operation-log entry and a console message.
   */
  async function attempt(account: string, ip: string, code: string, recovery: boolean): Promise<void> {
    const keys = attemptKeys(account, ip).filter((k) => k.startsWith('ip:'));
    if (!(await reserveAttempt(db, keys))) throw tooMany();
    const reserved = await reserveGuess(db, 'code', account);
    if (!reserved.ok) {
      await releaseAttempt(db, keys);
      throw heldRefusal('code', reserved.heldUntil);
    }
    const good =
      (await checkCode(db, account, code)) ||
      (recovery && !/^\d{6}$/.test(code) && (await useRecoveryCode(db, account, code)));
    if (good) {
      await releaseAttempt(db, keys);
      await releaseGuess(db, 'code', account, true);
      await clearFailedCodes(db, account);
      return;
    }
    await keepAttempt(db, keys);
    await logSecurity('totp_failed', `u:${account}`, ip);
    const inARow = await countFailedCode(db, account);
    const held = await keepGuess(db, 'code', account);
    if (held) {
      // the hold says more than "in a row": one entry and one message, not two
      await dropChallengesOf(db, account);
      await tellHeld(db, account, 'code', held, ip);
      throw heldRefusal('code', held.heldUntil);
    }
    if (inARow > 0 && inARow % TOTP_FAILURES_IN_A_ROW === 0) {
      await db.transaction().execute(async (trx) => {
        await dropChallengesOf(trx, account);
        const owner = await tenantOf(trx, account);
        // the entry and the message belong to the account's own tenant: its owner and its administrators see them
        await writeLog(
          trx,
          { ip },
          {
            action: 'totp_locked',
            resource: 'user',
            record: account,
            after: { failed_codes: inARow },
            integrator: owner?.integrator ?? null,
            dealer: owner?.dealer ?? null,
          },
        );
        await raiseMessage(trx, {
          code: CODE_TOTP_FAILURES,
          integrator: owner?.integrator ?? null,
          dealer: owner?.dealer ?? null,
          detail: { account, failed_codes: inARow },
        });
      });
      throw new ApiError(401, 'vf.signin.code_locked', { max: TOTP_FAILURES_IN_A_ROW });
    }
    throw unauthorized('vf.signin.bad_code');
  }

  // (a callback, not an async function: every call passes here, and an async hook costs each a promise)
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.user?.totpPending && !WHILE_ENROLLING.has(req.url.split('?')[0]))
      done(forbidden('vf.signin.enrol_required'));
    else done();
  });

  // The second step of a sign-in: the challenge from /auth/signin and a code (or a recovery code).
  app.post(
    '/api/auth/totp',
    {
      schema: S.route({
        tags,
        security: 'open',
        summary: 'Second step of a two-factor sign-in',
        body: S.obj(
          {
            challenge: codeArg('from POST /api/auth/signin', 100),
            code: codeArg('six digits, or a recovery code', 40),
          },
          ['challenge', 'code'],
        ),
        data: S.obj({ token: S.str() }),
      }),
    },
    async (req, reply) => {
      const { challenge, code } = req.body;
      const ch = await challengeOf(db, challenge);
      if (!ch) throw unauthorized('vf.signin.challenge_expired');
      await attempt(ch.account, req.ip, code, true);
      await dropChallenge(db, challenge);
      const token = await createSession(db, ch.account, ch.epoch, req.ip, req.headers['user-agent']);
      if (!token) throw unauthorized('vf.error.login_failed');
      await markSignedIn(db, ch.account);
      await rememberAddress(db, ch.account, req.ip);
      // As sign-in: the browser app gets the HttpOnly cookie only, API clients the token.
      setSessionCookies(req, reply, token);
      return ok(fromOwnPage(req) ? {} : { token });
    },
  );

  app.get(
    '/api/user/totp',
    {
      schema: S.route({
        tags,
        summary: "Whether one's two-factor sign-in is on, and whether a role requires it",
        data: S.anyObject(),
      }),
    },
    async (req) => {
      const { user } = ctxOf(req);
      const t = await totpOf(db, user._id);
      return ok({
        enabled: Boolean(t?.enabled),
        required: await totpRequired(db, user.roles),
        recovery_left: t?.enabled ? t.recovery.length : 0,
      });
    },
  );

  // A new secret and its QR code (a data: URL); not in force until confirmed with a first code.
  app.post(
    '/api/user/totp/setup',
    {
      schema: S.route({
        tags,
        summary: 'A new two-factor secret and its QR code (not in force until enabled)',
        body: S.obj({}),
        data: S.obj({ secret: S.str(), uri: S.str(), qr: S.str('a data: URL') }),
      }),
    },
    async (req) => {
      const { user } = ctxOf(req);
      const started = await startEnrolment(db, user._id);
      if (!started) throw conflict('vf.signin.already_enabled');
      return ok(started);
    },
  );

  // Confirms the enrolment with a first code; answers the recovery codes, this once.
  app.post(
    '/api/user/totp/enable',
    {
      schema: S.route({
        tags,
        summary: 'Confirm two-factor sign-in with a first code; answers the recovery codes, once',
        body: codeBody,
        data: S.obj({ recovery_codes: { type: 'array', items: S.str() } }),
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { code } = req.body;
      const t = await totpOf(db, ctx.user._id);
      if (!t) throw conflict('vf.signin.not_started');
      if (t.enabled) throw conflict('vf.signin.already_enabled');
      await attempt(ctx.user._id, req.ip, code, false);
      const codes = await db.transaction().execute(async (trx) => {
        const c = await enable(trx, ctx.user._id);
        if (c) await writeLog(trx, ctx, { action: 'totp_enable', resource: 'user', record: ctx.user._id });
        return c;
      });
      if (!codes) throw conflict('vf.signin.already_enabled');
      return ok({ recovery_codes: codes });
    },
  );

  // Turning it off takes a current code (or a recovery code), not only the session.
  app.post(
    '/api/user/totp/disable',
    {
      schema: S.route({
        tags,
        summary: 'Turn two-factor sign-in off (takes a current or recovery code)',
        body: codeBody,
        data: S.anyObject(),
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { code } = req.body;
      const t = await totpOf(db, ctx.user._id);
      if (!t?.enabled) throw conflict('vf.signin.not_enabled');
      await attempt(ctx.user._id, req.ip, code, true);
      await db.transaction().execute(async (trx) => {
        await disable(trx, ctx.user._id);
        await writeLog(trx, ctx, { action: 'totp_disable', resource: 'user', record: ctx.user._id });
      });
      return ok({});
    },
  );
});

export const totp: Feature = {
  name: 'totp',
  register: (app, { db }) => app.register(totpRoutes, { db }),
};
