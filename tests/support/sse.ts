// A small server-sent-events client for tests: opens /api/events as an account and collects what arrives.
export interface SseEvent {
  event: string;
  data: any;
}

export interface SseStream {
  events: SseEvent[];
  /** resolves with the first event (already received or still to come) matching `pred` */
  next(pred: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  close(): void;
}

export async function openEvents(baseUrl: string, token: string, lang = 'en'): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status} ${await res.text()}`);
  const events: SseEvent[] = [];
  const waiters: Array<{ pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready!: () => void;
  let finish!: () => void;
  const ended = new Promise<void>((r) => (finish = r));
  const isReady = new Promise<void>((r) => (ready = r));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return finish();
        buffer += value;
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue;
          const e = { event, data: JSON.parse(data.join('\n')) };
          if (event === 'ready') ready();
          events.push(e);
          for (const w of [...waiters]) {
            if (w.pred(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      /* closed */
    }
  })();
  await isReady;
  return {
    events,
    ended,
    next(pred, timeoutMs = 10_000) {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () =>
            reject(
              new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`),
            ),
          timeoutMs,
        );
        waiters.push({ pred, resolve: (e) => (clearTimeout(t), resolve(e)) });
      });
    },
    close() {
      controller.abort();
    },
  };
}
