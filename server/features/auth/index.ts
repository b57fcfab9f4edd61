// Sign-in, log-out, the caller's own profile and password, and the authorization shortlist (docs/api.md, Sessions).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { route, obj, str, bool, nullable, anyObject, type EdgePlugin } from '../../http/schema';
import { fieldInput } from '../../crud/schema';
import { nameBuiltIns } from '../accounts/builtInNames';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { badRequest, tooMany, unauthorized } from '../../http/errors';
import { createSession, revokeAccount, revokeToken } from '../../auth/session';
import { hashPassword, needsRehash, verifyPassword, dummyHash } from '../../auth/password';
import * as q from './queries';
import { attemptKeys, keepAttempt, releaseAttempt, reserveAttempt } from '../../auth/throttle';
import { securityLog } from '../../auth/securityLog';
import { keepGuess, knownAddress, releaseGuess, rememberAddress, reserveGuess } from '../../auth/holds';
import { heldRefusal, tellHeld } from './held';
import { issueChallenge, totpOf } from '../../auth/totp';
import { tidyFields } from '../../../resources/validate';
import { writeLog } from '../../log';
import { publishRightsChange } from '../../events/bus';
import { clearSessionCookies, fromOwnPage, setSessionCookies } from '../../auth/cookie';
import user from '../../../resources/user';
import type { Feature } from '../feature';

const tags = ['session'];
const profile = obj(
  {
    _id: str('the login name'),
    // what an account may leave empty, and what only a brand or store account has, is null otherwise
    nickname: nullable(str()),
    email: nullable(str()),
    avatar: nullable(str('the path POST /api/upload answered')),
    account_type: str(),
    roles: { type: 'array', items: str() },
    roles_detail: { type: 'array', items: obj({ _id: str(), display_name: str() }) },
    authorizations: { type: 'array', items: str() },
    authorizations_detail: { type: 'array', items: obj({ _id: str(), display_name: str() }) },
    create_timestamp: str(),
    last_login: nullable(str()),
    status: str(),
    integrator: nullable(str()),
    integrator_name: nullable(str()),
    integrator_logo: nullable(str()),
    dealer: nullable(str()),
    dealer_name: nullable(str()),
    dealer_logo: nullable(str()),
    totp_pending: bool('the account must enrol in two-factor sign-in before anything else'),
  },
  ['_id'],
);

export const authRoutes: EdgePlugin<{ db: DB }> = async (app, { db }) => {
  const logSecurity = securityLog(db);

  app.post(
    '/api/auth/signin',
    {
      schema: route({
        tags,
        security: 'open',
        summary: 'Sign in (10 failures a minute at most)',
        description:
          "Answers the token for `Authorization: Bearer`; the console's own pages get an HttpOnly cookie instead. With two-factor sign-in on, answers `{ totp_required, challenge }`: then POST /api/auth/totp.",
        body: obj({ username: str('trimmed'), password: str(undefined, { writeOnly: true }) }),
        data: obj({ token: str(), totp_required: bool(), challenge: str() }),
      }),
    },
    async (req, reply) => {
      const body = (req.body ?? {}) as { username?: unknown; password?: unknown };
      if (
        typeof body.username !== 'string' ||
        typeof body.password !== 'string' ||
        body.username.trim() === '' ||
        body.password === ''
      ) {
        throw badRequest('vf.error.login_failed');
      }
      const username = body.username.trim().slice(0, 100);
      const password = body.password.slice(0, 200);
      // An address the account last signed in from is not kept out by guesses from elsewhere: neither the name's
      // limit per minute nor its hold apply to it, only the limit per address (docs/security.md, "Holds per account").
      const known = await knownAddress(db, username, req.ip);
      const keys = attemptKeys(username, req.ip).filter((k) => !known || k.startsWith('ip:'));
      // the hold first: while it lasts, it is what the caller is told
      const reserved = await reserveGuess(db, 'password', username, req.ip);
      if (!reserved.ok) throw heldRefusal('password', reserved.heldUntil);
      if (!(await reserveAttempt(db, keys))) {
        await releaseGuess(db, 'password', username, false);
        throw tooMany();
      }
      // The epoch read here, before the password is checked, is the one the session must still match.
      const account = await q.signinAccount(db, username);
      const good = await verifyPassword(password, account?.password ?? dummyHash());
      if (!account || !good || account.status === 'deleted') {
        await keepAttempt(db, keys);
        await logSecurity('signin_failed', account ? `u:${account._id}` : `ip:${req.ip}`, req.ip);
        const held = await keepGuess(db, 'password', username);
        if (held) await tellHeld(db, username, 'password', held, req.ip);
        throw unauthorized('vf.error.login_failed');
      }
      await releaseAttempt(db, keys);
      await releaseGuess(db, 'password', username, true);
      if (account.status === 'frozen') throw unauthorized('vf.error.frozen');
      if (needsRehash(account.password)) await q.rehash(db, account._id, account.password, password);
      // With two-factor sign-in the session waits for a code: POST /api/auth/totp { challenge, code }.
      if ((await totpOf(db, account._id))?.enabled)
        return ok({ totp_required: true, challenge: await issueChallenge(db, account._id, account.session_epoch) });
      const token = await createSession(db, account._id, account.session_epoch, req.ip, req.headers['user-agent']);
      // The password, the status or the account changed while the password was being checked.
      if (!token) throw unauthorized('vf.error.login_failed');
      await q.markSignedIn(db, account._id);
      await rememberAddress(db, account._id, req.ip);
      // The browser app (it says so with the CSRF header) gets the session only as the HttpOnly cookie, out of
      // its scripts' reach; API clients and scripts get the token in the body, for Bearer use (docs/api.md, Sessions).
      setSessionCookies(req, reply, token);
      return ok(fromOwnPage(req) ? {} : { token });
    },
  );

  // Ends the caller's session when it still has one (a password change may have ended it already) and
  // always clears the browser's cookies, so a page that signs out is never left holding a dead session.
  // POST is the call that changes state; GET stays for the console's path of the SPEC and older clients, and is as
  // safe: the session cookie is SameSite=Strict (another site's link or image sends none), and a cookie call
  // without the app's X-VF-CSRF header is refused before it reaches here (server/auth/plugin.ts; docs/security.md).
  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.user) {
      const { tokenHash } = req.user;
      // one commit: no other process may serve the ended session from its cache after the delete is visible
      await db.transaction().execute(async (trx) => {
        await revokeToken(trx, tokenHash);
        await publishRightsChange({ sessions: [tokenHash] }, trx);
      });
    }
    clearSessionCookies(req, reply);
    return ok({});
  };
  app.post(
    '/api/auth/logout',
    {
      schema: route({
        tags,
        summary: 'Sign out: ends the session and clears the cookies',
        body: obj({}),
        data: anyObject(),
      }),
    },
    logout,
  );
  app.get(
    '/api/auth/logout',
    {
      schema: route({
        tags,
        summary: 'Sign out, as POST does (kept for the console path of the SPEC)',
        data: anyObject(),
      }),
    },
    logout,
  );

  app.get(
    '/api/user/profile',
    { schema: route({ tags, summary: 'The signed-in account', data: profile }) },
    async (req) => {
      const { user, lang } = ctxOf(req);
      const auths = [...user.authorizations];
      const a = await q.profileOf(db, user._id, user.roles, auths);
      const roles = a.roles_detail;
      const authRows = a.authorizations_detail;
      nameBuiltIns('role', roles, lang);
      nameBuiltIns('permission', authRows, lang);
      const brand = a.integrator ? { name: a.integrator_name, logo: a.integrator_logo } : undefined;
      const store = a.dealer ? { name: a.dealer_name, logo: a.dealer_logo } : undefined;
      return ok({
        _id: a._id,
        nickname: a.nickname,
        email: a.email,
        avatar: a.avatar,
        account_type: a.account_type,
        roles: a.roles,
        roles_detail: roles,
        authorizations: authRows.map((r) => r._id),
        authorizations_detail: authRows,
        create_timestamp: a.create_timestamp,
        last_login: a.last_login,
        status: a.status,
        integrator: a.integrator,
        integrator_name: brand?.name ?? null,
        integrator_logo: brand?.logo ?? null,
        dealer: a.dealer,
        dealer_name: store?.name ?? null,
        dealer_logo: store?.logo ?? brand?.logo ?? null,
        // the console sends an account that must enrol in two-factor sign-in to its profile first
        totp_pending: Boolean(user.totpPending),
      });
    },
  );

  // Own basic info: nickname, e-mail and avatar only; type, roles and tenant are not the caller's to change.
  app.post(
    '/api/user/profile',
    {
      config: { resource: 'user' },
      schema: route({
        tags,
        summary: "Change one's own nickname, e-mail or avatar",
        body: obj({
          nickname: fieldInput(user.fields.nickname),
          email: fieldInput(user.fields.email),
          avatar: fieldInput(user.fields.avatar),
        }),
        data: obj({ _id: str() }, ['_id']),
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { nickname, email, avatar } = user.fields;
      const { values } = tidyFields({ nickname, email, avatar }, req.body, 'edit');
      if (Object.keys(values).length) {
        await db.transaction().execute(async (trx) => {
          const before = await q.ownBasics(trx, ctx.user._id);
          await q.saveBasics(trx, ctx.user._id, values);
          await writeLog(trx, ctx, {
            action: 'profile',
            resource: 'user',
            record: ctx.user._id,
            before,
            after: values,
          });
          // the nickname is part of the session every process may have cached (server/auth/sessionCache.ts)
          await publishRightsChange({ stale: [ctx.user._id] }, trx);
        });
      }
      return ok({ _id: ctx.user._id, ...values });
    },
  );

  // Own password: needs the old one; ends every session, this one included.
  app.post(
    '/api/user/password',
    {
      config: { resource: 'user' },
      schema: route({
        tags,
        summary: "Change one's own password: ends every session",
        body: obj(
          {
            old_password: str(undefined, { writeOnly: true }),
            password: fieldInput({ type: 'password', required: true }),
          },
          ['password'],
        ),
        data: anyObject(),
      }),
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const body = req.body;
      if (typeof body.old_password !== 'string') throw badRequest('vf.error.old_password');
      // The old password is checked like a sign-in, against the same limit: otherwise this call would be
      // a way to guess it without one.
      // and against the account's hold: a stolen session must not guess it faster than a sign-in could
      const keys = attemptKeys(ctx.user._id, req.ip);
      const reserved = await reserveGuess(db, 'password', ctx.user._id, req.ip);
      if (!reserved.ok) throw heldRefusal('password', reserved.heldUntil);
      if (!(await reserveAttempt(db, keys))) {
        await releaseGuess(db, 'password', ctx.user._id, false);
        throw tooMany();
      }
      const a = await q.passwordOf(db, ctx.user._id);
      if (!(await verifyPassword(body.old_password.slice(0, 200), a.password))) {
        await keepAttempt(db, keys);
        await logSecurity('signin_failed', `u:${ctx.user._id}`, req.ip);
        const held = await keepGuess(db, 'password', ctx.user._id);
        if (held) await tellHeld(db, ctx.user._id, 'password', held, req.ip);
        throw badRequest('vf.error.old_password');
      }
      await releaseAttempt(db, keys);
      await releaseGuess(db, 'password', ctx.user._id, true);
      const hash = await hashPassword(String(body.password));
      await db.transaction().execute(async (trx) => {
        await q.setPassword(trx, ctx.user._id, hash);
        await revokeAccount(trx, ctx.user._id);
        await publishRightsChange({ accounts: [ctx.user._id] }, trx);
        await writeLog(trx, ctx, { action: 'password', resource: 'user', record: ctx.user._id });
      });
      clearSessionCookies(req, reply);
      return ok({});
    },
  );

  // Every signed-in account may read the id → name map: the browser labels permissions with it.
  app.get(
    '/api/auth/authorization/shortlist',
    {
      schema: route({
        tags,
        summary: 'Every authorization id with its display name',
        data: obj({ authorizations: { type: 'object', additionalProperties: str() } }),
      }),
    },
    async (req) => {
      const { lang } = ctxOf(req);
      const rows = await q.permissionNames(db);
      nameBuiltIns('permission', rows, lang);
      return ok({ authorizations: Object.fromEntries(rows.map((r) => [r._id, r.display_name])) });
    },
  );
};

export const auth: Feature = {
  name: 'auth',
  register: (app, { db }) => app.register(authRoutes, { db }),
  events: { publishes: ['second_factor.held'] }, // ./held.ts
};
