// One POST to a receiver outside: the address checked on every dial (./address.ts), a new connection each time, ONE
// deadline for the whole attempt, and at most MAX_ANSWER_BYTES of the answer read. Webhook deliveries (./queue.ts)
// and chat-bot notifications (server/features/notify/deliver.ts) send through it.
import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './address';

/** What the log keeps of a receiver's refusal or a network error. */
export const MAX_ERROR = 300;
/** The most of a receiver's answer body that is read (then the connection is dropped): an endless answer must not
 * keep a worker reading it. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface PostOutcome {
  http_status: number | null;
  error: string | null;
  /** the answer's first MAX_ANSWER_BYTES, as text (chat platforms say in it whether they took the message) */
  answer: string;
}

/**
 * One POST; resolves with the receiver's status or the network error, never throws. ONE deadline (`timeoutMs`)
 * covers the whole attempt — connect, headers and body: a socket time-out alone fires only when the connection goes
 * idle, and a receiver trickling a byte a second was logged a success after 9 s against 3 s.
 */
export function postOnce(
  url: string,
  headers: Record<string, string | number>,
  body: string,
  timeoutMs: number,
): Promise<PostOutcome> {
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let done = false;
    const chunks: Buffer[] = [];
    let read = 0;
    const answer = () => Buffer.concat(chunks).toString('utf8');
    const finish = (o: Omit<PostOutcome, 'answer'>) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve({ ...o, answer: answer() });
    };
    const req = client.request(
      u,
      {
        method: 'POST',
        // a new connection each attempt: the address is checked on every dial (guardedLookup), and no kept-alive
        // socket the receiver has meanwhile closed turns an attempt into a spurious ECONNRESET
        agent: false,
        lookup: guardedLookup,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const status = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          if (read < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - read));
          read += chunk.length;
          // enough of it: the status is what counts; the rest is not read
          if (read > MAX_ANSWER_BYTES) {
            finish({ http_status: status, error: null });
            req.destroy();
          }
        });
        res.on('end', () => finish({ http_status: status, error: null }));
        res.on('error', (e) => finish({ http_status: status, error: e.message.slice(0, MAX_ERROR) }));
      },
    );
    const deadline = setTimeout(() => {
      finish({ http_status: null, error: `no complete answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) => finish({ http_status: null, error: e.message.slice(0, MAX_ERROR) }));
    req.end(body);
  });
}
