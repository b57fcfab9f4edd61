// react-admin's authProvider: sign-in, the profile (identity and authorizations), access checks by
// declaration. The server enforces all of this too; here it only decides what to show.
import type { AuthProvider } from 'react-admin';
import { api, endCalls } from './http';
import { forgetSession, isSignedIn } from './session';
import { loginPathFor } from '../login/paths';
import { findResource } from '../../resources';
import type { Permission, Verb } from '../../resources/types';
import { holds, verbPermission } from '../../resources/permissions';
import type { RolePreview } from '../../resources/role';

export interface Profile {
  _id: string;
  nickname: string | null;
  email: string | null;
  avatar: string | null;
  account_type: 'SUPER' | 'PROVIDER' | 'INTEGRATOR' | 'DEALER';
  roles: string[];
  roles_detail: Array<{ _id: string; display_name: string }>;
  authorizations: string[];
  authorizations_detail: Array<{ _id: string; display_name: string }>;
  create_timestamp: string;
  status: string;
  integrator: string | null;
  integrator_name: string | null;
  integrator_logo: string | null;
  dealer: string | null;
  dealer_name: string | null;
  dealer_logo: string | null;
  /** set while a SUPER session previews a role (server/features/accounts/rolePreview.ts) */
  role_preview?: RolePreview | null;
  /** a role requires two-factor sign-in and the account has not set it up: only /profile works */
  totp_pending?: boolean;
}

let profile: Promise<Profile> | undefined;
/** set once log-out has begun: the page is being left (see logout) */
let leaving = false;
const listeners = new Set<() => void>();

/** The signed-in account, fetched once per session. */
export function loadProfile(): Promise<Profile> {
  profile ??= api<Profile>('GET', '/user/profile').catch((e) => {
    profile = undefined;
    throw e;
  });
  return profile;
}

/** After the profile changes, the next read fetches it again. */
export function invalidateProfile() {
  profile = undefined;
}

/** Logout clears the token, the cached profile and every open view (the tabs listen for this). */
export function onLogout(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The shared rule the server refuses by (resources/permissions.ts). */
export { holds };

/** react-admin's action names mapped onto the declaration's verbs. */
const VERB: Record<string, Verb> = {
  list: 'list',
  show: 'read',
  create: 'add',
  edit: 'edit',
  delete: 'delete',
  export: 'list',
};

export function permissionFor(resource: string, action: string): Permission | undefined {
  const def = findResource(resource);
  if (!def) return undefined;
  const verb = VERB[action];
  if (verb) return verbPermission(def, verb);
  return def.actions?.[action]?.permission ?? def.calls?.[action]?.permission;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    // the server answers with the session cookies (the token is not in the body for the app's own calls)
    await api('POST', '/auth/signin', { username: String(username).trim(), password }, { anonymous: true });
    profile = undefined;
    await loadProfile();
  },
  /**
   * Leaves the console for the sign-in page with a full page load, once: the load ends every query, timer
   * and event stream of the console, and src/main.tsx shows the lean sign-in page. react-admin is told not to
   * navigate (false): its own navigation to /login, repeated by every component that found the session gone
   * while the page unloaded, pushed /login into the history hundreds of times and held the page blank.
   */
  async logout() {
    if (leaving) return false;
    leaving = true;
    const signedIn = isSignedIn();
    endCalls();
    // ends the session on the server and clears its cookies (also when a password change ended it already)
    if (signedIn) await api('POST', '/auth/logout', {}, { anonymous: true, last: true }).catch(() => undefined);
    forgetSession();
    profile = undefined;
    listeners.forEach((l) => l());
    // Sent here without a session: after sign-in, come back to the page that was asked for.
    const here = window.location.pathname + window.location.search;
    const to = signedIn || here === '/dashboard' ? '/login' : loginPathFor(here);
    window.location.assign(to);
    return false;
  },
  async checkAuth() {
    if (!isSignedIn()) {
      const here = window.location.pathname + window.location.search;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-admin's checkAuth contract: a rejection with { redirectTo, message } says where to go
      throw { redirectTo: here.startsWith('/login') ? '/login' : loginPathFor(here), message: false };
    }
  },
  async checkError() {
    // A 401 opens the 'Login has expired' dialog (see http.ts); the user chooses to sign in again. Nothing is
    // thrown here: react-admin answers a call whose error was thrown for with empty data, and the list behind
    // the dialog then read "No Robots found" next to "1-20 of 20". Unthrown, the failed refetch keeps the rows.
  },
  async getIdentity() {
    const p = await loadProfile();
    return { id: p._id, fullName: p.nickname || p._id, avatar: p.avatar ?? undefined, profile: p };
  },
  async getPermissions() {
    if (!isSignedIn()) return [];
    return (await loadProfile()).authorizations;
  },
  async canAccess({ resource, action }) {
    if (!isSignedIn()) return false;
    const permission = permissionFor(resource, action);
    if (permission === undefined) return !findResource(resource); // pages without a declaration are open
    const me = await loadProfile();
    // an action for provider staff only (resources/types.ts ActionDef.staffOnly): the server refuses anyone else
    if (findResource(resource)?.actions?.[action]?.staffOnly && !['SUPER', 'PROVIDER'].includes(me.account_type))
      return false;
    return holds(me.authorizations, permission);
  },
};
