// `npm run backup` while the server runs: the embedded database belongs to the server process (its folder is
// locked, and PGlite lives inside that process), so the server takes the snapshot. It listens on a Unix socket
// in DATA_DIR — reachable only by who may read that folder (mode 0600), never from the network — for one JSON
// line, {"dest": "/abs/folder"}, and answers one: {"ok": true, "manifest": …} or {"error": "…"}.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { writeEmbeddedBackup, type EmbeddedSource, type Manifest } from './snapshot';

export const SOCKET = 'backup.sock';

/** Serves backup requests on DATA_DIR/backup.sock; answers what stops it. */
export async function serveBackupRequests(dataDir: string, source: EmbeddedSource): Promise<() => Promise<void>> {
  const file = path.join(dataDir, SOCKET);
  // left by a process that was killed: the folder's lock is ours, so nobody else listens on it
  fs.rmSync(file, { force: true });
  let busy = false;
  const server = net.createServer((socket) => {
    let line = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      line += String(chunk);
      if (!line.includes('\n')) return;
      const answer = (a: unknown) => socket.end(`${JSON.stringify(a)}\n`);
      let dest: unknown;
      try {
        dest = (JSON.parse(line.slice(0, line.indexOf('\n'))) as { dest?: unknown }).dest;
      } catch {
        return answer({ error: 'expected one JSON line: {"dest": "/absolute/folder"}' });
      }
      if (typeof dest !== 'string' || !path.isAbsolute(dest))
        return answer({ error: 'dest must be an absolute folder path' });
      if (busy) return answer({ error: 'a backup is being written already' });
      busy = true;
      writeEmbeddedBackup(source, dest)
        .then(
          (manifest) => answer({ ok: true, manifest }),
          (e: Error) => answer({ error: e.message }),
        )
        .finally(() => (busy = false));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } catch (e) {
    // e.g. a DATA_DIR path longer than a socket address may be (108 bytes): the server serves all the same, and
    // `npm run backup` then needs it stopped
    console.warn(
      `npm run backup cannot reach this server (${file}: ${(e as Error).message}); back up with the server stopped.`,
    );
    return async () => undefined;
  }
  fs.chmodSync(file, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the server running on `dataDir` for a backup into `dest`; undefined when no server listens there. */
export function requestBackup(dataDir: string, dest: string): Promise<Manifest | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, SOCKET));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ dest })}\n`));
    socket.on('data', (d) => (text += String(d)));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED', 'EINVAL'].includes(e.code ?? '') ? resolve(undefined) : reject(e),
    );
    socket.on('end', () => {
      try {
        const a = JSON.parse(text) as { ok?: boolean; manifest?: Manifest; error?: string };
        if (a.ok && a.manifest) resolve(a.manifest);
        else reject(new Error(a.error ?? 'the server gave no answer'));
      } catch {
        reject(new Error(`the server answered: ${text}`));
      }
    });
  });
}
