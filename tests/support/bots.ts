// Chat-bot receivers on 127.0.0.1 for notification tests: every request is recorded (path with its query, headers,
// body); each path answers what the test set for it — a status and a body, or a list of them taken in turn.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotRequest {
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

type Answer = { status: number; body: string };

export async function startBots() {
  const got: BotRequest[] = [];
  const answers = new Map<string, Answer[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      got.push({ url: req.url ?? '', path: u.pathname, query: u.searchParams, headers: req.headers, body, json });
      const list = answers.get(u.pathname) ?? [];
      const a = list.length > 1 ? list.shift()! : (list[0] ?? { status: 200, body: '{"errcode":0,"code":0}' });
      res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    got,
    at: (path: string) => got.filter((g) => g.path === path),
    /** what `path` answers: one answer for ever, or several taken in turn (the last one then stays) */
    answer: (path: string, ...list: Answer[]) => void answers.set(path, list),
    close: () => new Promise((r) => server.close(r)),
  };
}
