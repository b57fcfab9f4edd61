// What the user chose for the frame, kept in the browser across reloads: the settings drawer's choices in
// localStorage; the sidebar's collapsed state and the size in cookies (docs/rules.md, Screens), like the language.
import { useSyncExternalStore } from 'react';
import Cookies from 'js-cookie';

export interface LayoutSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  pinyinSearch: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  themeColor: '#1890ff',
  tagsView: false,
  fixedHeader: true,
  sidebarLogo: true,
  pinyinSearch: true,
};

export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';

export const SETTINGS_KEY = 'vendfleet_settings';
export const SIDEBAR_COOKIE = 'vendfleet_sidebar';
export const SIZE_COOKIE = 'vendfleet_size';

const HEX = /^#[0-9a-f]{6}$/i;

/** Whatever was stored, made safe: unknown keys dropped, wrong types replaced by the defaults. */
export function sanitize(raw: unknown): LayoutSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const bool = (k: keyof LayoutSettings) =>
    typeof r[k] === 'boolean' ? (r[k] as boolean) : (DEFAULT_SETTINGS[k] as boolean);
  return {
    themeColor:
      typeof r.themeColor === 'string' && HEX.test(r.themeColor)
        ? r.themeColor.toLowerCase()
        : DEFAULT_SETTINGS.themeColor,
    tagsView: bool('tagsView'),
    fixedHeader: bool('fixedHeader'),
    sidebarLogo: bool('sidebarLogo'),
    pinyinSearch: bool('pinyinSearch'),
  };
}

function read(): LayoutSettings {
  try {
    return sanitize(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}'));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function readSize(): Size {
  const s = Cookies.get(SIZE_COOKIE);
  return (SIZES as readonly string[]).includes(s ?? '') ? (s as Size) : DEFAULT_SIZE;
}

let current = read();
let size = readSize();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function getSettings(): LayoutSettings {
  return current;
}

export function updateSettings(patch: Partial<LayoutSettings>) {
  current = sanitize({ ...current, ...patch });
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(current));
  emit();
}

export function resetSettings() {
  current = { ...DEFAULT_SETTINGS };
  localStorage.removeItem(SETTINGS_KEY);
  emit();
}

export function useSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}

export function getSize(): Size {
  return size;
}

export function setSize(next: Size) {
  size = next;
  Cookies.set(SIZE_COOKIE, next, { sameSite: 'strict', expires: 365 });
  emit();
}

export function useSize(): Size {
  return useSyncExternalStore(subscribe, getSize, getSize);
}

/** The desktop sidebar: open unless the cookie says it was collapsed. */
export function sidebarOpenSaved(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function saveSidebarOpen(open: boolean) {
  Cookies.set(SIDEBAR_COOKIE, open ? '1' : '0', { sameSite: 'strict', expires: 365 });
}
