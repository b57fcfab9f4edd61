// One process at a time on an embedded database folder: an operating-system lock (flock(2)), not a pid file.
//
// PGlite does not lock its data folder, and two processes writing it corrupt it. A pid file outlives a crash:
// after `kill -9` it still names the dead process — or, before that process is reaped (a zombie answers
// `kill(pid, 0)`) or once its pid belongs to someone else, a live one — and keeps the restart out. A flock(2)
// lock belongs to an open file, and the kernel drops it when the last descriptor of that file closes, which it
// does for every file of a process as the process dies, whatever signal killed it and before anyone reaps it.
//
// Node has no flock call. Native add-ons that have one (fs-ext) build with node-gyp on install, with no prebuilt
// binary for Node 24; proper-lockfile is an mtime convention, not a kernel lock. So this process opens the lock
// file and util-linux's `flock` (installed wherever `mount` is) locks that same open file — passed as its fd 3 —
// and exits: the lock stays with the open file, that is with this process's descriptor, until it is closed
// (release) or the process ends. Node opens files close-on-exec, so no child of the server inherits it.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** Another live process holds the folder. */
export class FolderInUseError extends Error {}

export interface FolderLock {
  release: () => void;
}

/**
 * Takes the lock of `dir` (its file `pgdata.lock`) or throws naming the process that holds it. `waitSeconds`:
 * how long to wait for a holder to let go — the kernel closes a killed process's files a moment after the
 * signal, so a restart that races its predecessor's death waits for that moment instead of failing.
 */
export function lockFolder(dir: string, waitSeconds = 1): FolderLock {
  const file = path.join(dir, 'pgdata.lock');
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  const wait = waitSeconds > 0 ? ['--wait', String(waitSeconds)] : ['--nonblock'];
  const r = spawnSync('flock', ['--exclusive', ...wait, '3'], { stdio: ['ignore', 'ignore', 'pipe', fd] });
  if (r.error || r.status !== 0) {
    const owner = fs.readFileSync(fd, 'utf8').trim();
    fs.closeSync(fd);
    if (r.error) throw new Error(`Cannot lock ${file}: ${r.error.message} (the flock command of util-linux is needed)`);
    throw new FolderInUseError(
      `The database folder ${dir} is in use${owner ? ` by process ${owner}` : ''}. Stop it first, or set DATA_DIR.`,
    );
  }
  // the holder's pid, for the message above and for people: the lock itself is the flock, not this text
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, String(process.pid), 0);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    fs.closeSync(fd);
  };
  process.once('exit', release);
  return { release };
}
