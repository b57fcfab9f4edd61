// A 401 from any call raises the 'Login has expired' dialog once, wherever it came from.
type Listener = (open: boolean) => void;
const listeners = new Set<Listener>();
let open = false;
/** raised by each "Cancel": a 401 answering a call sent before it does not bring the dialog straight back */
let dismissals = 0;

/** What a call notes when it is sent, and hands to raiseSessionExpired if it is answered 401. */
export const sessionMark = () => dismissals;

export function raiseSessionExpired(sentAt: number = dismissals) {
  if (open || sentAt < dismissals) return;
  open = true;
  listeners.forEach((l) => l(true));
}

export function dismissSessionExpired() {
  open = false;
  dismissals++;
  listeners.forEach((l) => l(false));
}

export function onSessionExpired(l: Listener): () => void {
  listeners.add(l);
  l(open);
  return () => listeners.delete(l);
}
