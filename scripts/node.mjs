// README's two commands on any machine: `npm start` and `npm test` run on the Node pinned in .node-version. On an
// older node they fetch that version themselves, as .ci/run does (the official binary, published on the npm
// registry as the package node-linux-<arch>, installed once per version under ~/.cache/vendfleet), say so in one
// line, and run again on it. Plain JavaScript, so that it runs on any node that can run npm.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The version in .node-version (`24.21.0`). */
export const wantedNode = () => fs.readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim().replace(/^v/, '');

/** Returns when this node is new enough; otherwise runs this process's script again on the pinned node, with the
 * same arguments, and exits as it does (never returns). */
export async function onPinnedNode() {
  const wanted = wantedNode();
  if (Number(process.versions.node.split('.')[0]) >= Number(wanted.split('.')[0])) return;
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch] ?? process.arch;
  const platform = process.platform === 'darwin' ? 'darwin' : process.platform === 'win32' ? 'win' : 'linux';
  const dir = process.env.VF_NODE_PREFIX ?? path.join(os.homedir(), '.cache', 'vendfleet', `node-${wanted}`);
  const pkg = `node-${platform}-${arch}`;
  const bin = path.join(dir, 'node_modules', pkg, 'bin');
  const node = path.join(bin, 'node');
  const fetched = !fs.existsSync(node);
  console.log(
    `VendFleet runs on Node ${wanted} (.node-version); this is Node ${process.versions.node}: ` +
      `${fetched ? 'fetching' : 'using'} ${pkg}@${wanted} from the npm registry in ${dir}`,
  );
  if (fetched) {
    const npm = process.env.npm_execpath;
    const args = ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--no-package-lock'];
    args.push('--loglevel=error', `${pkg}@${wanted}`);
    try {
      // the npm that runs this script (npm_execpath), else the one on PATH
      if (npm) execFileSync(process.execPath, [npm, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
      else execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'] });
    } catch {
      console.error(`Could not fetch ${pkg}@${wanted}: install Node ${wanted} and run the command again.`);
      process.exit(1);
    }
  }
  // the pinned node first on PATH, so that what this script starts (vitest, a server process) runs on it too
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  // a stop asked of this process (Ctrl-C, a service manager's SIGTERM) is the server's to handle
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const [code, signal] = await new Promise((resolve) => child.on('exit', (c, s) => resolve([c, s])));
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
}

/**
 * Node's options for the server as production runs it (the Dockerfile's NODE_OPTIONS, `NODE_ENV=production npm
 * start`, the benches' built server): the young generation bounded to 16 MB semi-spaces. V8's default on a 64-bit
 * host grows them to 64 MB each, and a busy server then idles near 300 MB; bounded, ~200 MB, and a 50,000-row import
 * peaks under 250 MB on PostgreSQL, for a few per cent more CPU a call (docs/operations.md, "Memory").
 */
export const SERVER_NODE_OPTIONS = '--max-semi-space-size=16';

/** Whether this process was started with a young generation of its own choosing (an operator's setting wins). */
export const youngGenerationSet = () =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    a.startsWith('--max-semi-space-size'),
  );
