// A 401 from any call raises the 'Login has expired' dialog once, wherever it came from.
type Listener = (open: boolean) => void;
const listeners = new Set<Listener>();
let open = false;
/**
 * After "Cancel" the user stays on the page as it is: the page's own background calls (refreshes, counts), all
 * answered 401 now, do not bring the dialog back over it; the next thing the user does (a click, a key) does.
 */
let cancelled = false;
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'])
    window.addEventListener(type, () => (cancelled = false), { capture: true });
}

export function raiseSessionExpired() {
  if (open || cancelled) return;
  open = true;
  listeners.forEach((l) => l(true));
}

export function dismissSessionExpired() {
  open = false;
  cancelled = true;
  listeners.forEach((l) => l(false));
}

export function onSessionExpired(l: Listener): () => void {
  listeners.add(l);
  l(open);
  return () => listeners.delete(l);
}
