// Account types and the constants both halves agree on.
export const ACCOUNT_TYPES = ['SUPER', 'PROVIDER', 'INTEGRATOR', 'DEALER'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_STATUS = ['normal', 'frozen', 'deleted'] as const;

/** Lower rank = more power. An account manages only accounts of its own rank or below. */
export const ACCOUNT_RANK: Record<AccountType, number> = { SUPER: 0, PROVIDER: 1, INTEGRATOR: 2, DEALER: 3 };

/** The authorization that passes every check (docs/rules.md, Roles). */
export const SUPER_AUTHORIZATION = 'super';

/** Default role given to a new account of each type when none is chosen. */
export const DEFAULT_ROLE: Record<AccountType, string> = {
  SUPER: 'super',
  PROVIDER: 'provider_admin',
  INTEGRATOR: 'integrator_admin',
  DEALER: 'dealer_admin',
};

export type Lang = 'zh' | 'en' | 'es' | 'ja';
export const LANGS: readonly Lang[] = ['zh', 'en', 'es', 'ja'];
