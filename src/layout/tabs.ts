// The tabs of visited pages (docs/rules.md, Screens): each visited route opens a tab, the dashboard's is pinned and
// cannot be closed. Kept for the browser tab's session (a reload keeps them), cleared at logout.
import { useSyncExternalStore } from 'react';
import { onLogout } from '../providers/authProvider';
import { HOME } from './routes';

export interface Tab {
  /** the route's pathname: one tab per pathname */
  path: string;
  /** pathname + search, to come back to the same list filters */
  full: string;
}

const KEY = 'vendfleet_tabs';
const PINNED: Tab = { path: HOME, full: HOME };

function load(): Tab[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as Tab[];
    const ok = Array.isArray(saved)
      ? saved.filter((t) => t && typeof t.path === 'string' && typeof t.full === 'string' && t.path !== HOME)
      : [];
    return [PINNED, ...ok];
  } catch {
    return [PINNED];
  }
}

let tabs: Tab[] = load();
const listeners = new Set<() => void>();

function set(next: Tab[]) {
  tabs = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next.filter((t) => t.path !== HOME)));
  } catch {
    /* storage full or disabled: the tabs still work for this page */
  }
  listeners.forEach((l) => l());
}

export const isPinned = (path: string) => path === HOME;

export function getTabs(): Tab[] {
  return tabs;
}

export function visit(path: string, full: string = path) {
  const i = tabs.findIndex((t) => t.path === path);
  if (i === -1) set([...tabs, { path, full }]);
  else if (tabs[i].full !== full) set(tabs.map((t, j) => (j === i ? { path, full } : t)));
}

/** Closes one tab; returns where to go when it was the active one (its right or left neighbour). */
export function closeTab(path: string, active: string): string | null {
  if (isPinned(path)) return null;
  const i = tabs.findIndex((t) => t.path === path);
  if (i === -1) return null;
  const next = tabs.filter((t) => t.path !== path);
  set(next);
  if (path !== active) return null;
  return (next[i] ?? next[i - 1] ?? PINNED).full;
}

export function closeOthers(path: string) {
  set(tabs.filter((t) => isPinned(t.path) || t.path === path));
}

/** Closes every tab whose page fails the test (the pinned one stays): a role preview that starts or ends
 * leaves no tab open on a page the account now sees cannot open. */
export function keepOnly(may: (path: string) => boolean) {
  const next = tabs.filter((t) => isPinned(t.path) || may(t.path));
  if (next.length !== tabs.length) set(next);
}

export function closeAll() {
  set([PINNED]);
}

export function useTabs(): Tab[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    getTabs,
    getTabs,
  );
}

// docs/rules.md, States: logout clears the token, the roles and every open view.
onLogout(closeAll);
