// A 401 from any call raises the 'Login has expired' dialog once, wherever it came from.
type Listener = (open: boolean) => void;
const listeners = new Set<Listener>();
let open = false;

export function raiseSessionExpired() {
  if (open) return;
  open = true;
  listeners.forEach((l) => l(true));
}

export function dismissSessionExpired() {
  open = false;
  listeners.forEach((l) => l(false));
}

export function onSessionExpired(l: Listener): () => void {
  listeners.add(l);
  l(open);
  return () => listeners.delete(l);
}
