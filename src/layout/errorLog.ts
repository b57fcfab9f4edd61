// Client errors caught in this browser (docs/rules.md, Screens): the error boundary and the window's error and
// unhandledrejection handlers feed it; the top bar shows a count and a dialog listing them.
import { useSyncExternalStore } from 'react';

export interface ClientError {
  message: string;
  stack: string;
  url: string;
  time: string;
}

const MAX = 50;
let errors: readonly ClientError[] = [];
const listeners = new Set<() => void>();

export function logError(error: unknown, url: string = typeof location === 'undefined' ? '' : location.href) {
  const e = error instanceof Error ? error : undefined;
  const message = e?.message || (typeof error === 'string' ? error : safeString(error));
  errors = [{ message, stack: e?.stack ?? '', url, time: new Date().toISOString() }, ...errors].slice(0, MAX);
  listeners.forEach((l) => l());
}

function safeString(v: unknown): string {
  try {
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  } catch {
    return String(v);
  }
}

export function clearErrors() {
  errors = [];
  listeners.forEach((l) => l());
}

export function getErrors(): readonly ClientError[] {
  return errors;
}

export function useErrorLog(): readonly ClientError[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    getErrors,
    getErrors,
  );
}

let installed = false;
/** Listens once for uncaught errors and rejected promises nobody handled. */
export function installErrorHandlers() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (ev) => {
    // a failed <img> or <script> also raises 'error' (on the element, without an error object): not ours to log
    if (!(ev instanceof ErrorEvent)) return;
    logError(ev.error ?? ev.message);
  });
  window.addEventListener('unhandledrejection', (ev) => logError(ev.reason));
}
