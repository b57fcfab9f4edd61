// The real server on a real database, over real HTTP, for API and end-to-end tests.
import { startServer } from '../../server/main';
import { freshDatabase } from './db';
import { checkAnswer, knowDocument } from './contract';
import { DEMO_PASSWORD } from '../../server/db/seed';
import type { DB } from '../../server/db';

export interface Answer<T = any> {
  status: number;
  body: { code: number; data: T; message?: string; errors?: Record<string, string> };
}

export interface TestServer {
  url: string;
  call<T = any>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string> },
  ): Promise<Answer<T>>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
  databaseUrl?: string;
  dataDir?: string;
  /** the server's own database handle, to check what a call left behind */
  db: DB;
}

export async function startTestServer(opts: { distDir?: string } = {}): Promise<TestServer> {
  const database = await freshDatabase();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    logger: false,
    distDir: opts.distDir ?? '/nonexistent',
  });
  const url = server.address.replace('0.0.0.0', '127.0.0.1');
  knowDocument(url, () => server.app.swagger());
  const call: TestServer['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { 'Accept-Language': o.lang ?? 'en', ...o.headers };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    const res = await fetch(`${url}/api${path}`, { method, headers, body });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = { code: -1, data: text };
    }
    // every answer keeps to the published document (tests/support/contract.ts)
    const contentType = res.headers.get('content-type') ?? '';
    await checkAnswer(url, method, `/api${path}`, { status: res.status, contentType, body: json });
    return { status: res.status, body: json };
  };
  return {
    url,
    call,
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    db: server.database.db,
    async login(username, password = DEMO_PASSWORD) {
      const r = await call<{ token: string }>('POST', '/auth/signin', { body: { username, password } });
      if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.body.message}`);
      return r.body.data.token;
    },
    async close() {
      await server.close();
      await database.drop();
    },
  };
}
