// Who is calling: the account behind the bearer token, its authorizations, and its tenant.
import type { AccountType, Lang } from '../../resources/accounts';

export interface SessionUser {
  _id: string;
  nickname: string | null;
  account_type: AccountType;
  roles: string[];
  authorizations: Set<string>;
  integrator: string | null;
  dealer: string | null;
  tokenHash: string;
  /** a role requires two-factor sign-in and the account has not enrolled: it may only enrol (server/features/totp/) */
  totpPending?: boolean;
}

export interface CallContext {
  user: SessionUser;
  lang: Lang;
  ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}
