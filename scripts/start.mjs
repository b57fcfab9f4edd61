// `npm start`, plain JavaScript so that it needs nothing but node (any node: an older one fetches the pinned one):
// - NODE_ENV=production: runs the built server (dist/server/main.js) with node's options for production
//   (SERVER_NODE_OPTIONS, scripts/node.mjs); refuses when it is not built, never builds.
// - otherwise (the one-command demo): builds the browser app if it is missing or stale, then runs the server
//   from its TypeScript sources through tsx, as before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPinnedNode, SERVER_NODE_OPTIONS, youngGenerationSet } from './node.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The Node this project runs on is pinned in .node-version (Node 24 LTS; Node 20 gets no security fixes since
// 2026-04-30, and the dependencies no longer run on it). On an older node this fetches the pinned one and runs on
// it (scripts/node.mjs), rather than fail somewhere inside a dependency.
await onPinnedNode();

if (process.env.NODE_ENV === 'production') {
  const server = path.join(ROOT, 'dist', 'server', 'main.js');
  if (!fs.existsSync(server) || !fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    console.error(
      'NODE_ENV=production and the app is not built: run `npm run build` first (a production server never builds).',
    );
    process.exit(1);
  }
  // V8 reads its heap's sizes once, at start: this process becomes a new node with the server's options
  // (SERVER_NODE_OPTIONS) — execve, not a child, so no parent stays behind holding its own ~50 MB
  if (!youngGenerationSet()) {
    const options = `${SERVER_NODE_OPTIONS} ${process.env.NODE_OPTIONS ?? ''}`.trim();
    const argv = [process.execPath, ...process.execArgv, ...process.argv.slice(1)];
    process.execve(process.execPath, argv, { ...process.env, NODE_OPTIONS: options });
  }
  const { main } = await import(server);
  main();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { buildIfStale } = await import('./buildIfStale.ts');
  buildIfStale();
  const { main } = await import('../server/main.ts');
  main();
}
