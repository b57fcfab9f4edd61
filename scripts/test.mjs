// `npm test`, plain JavaScript so that it starts on any node: on an older one it fetches the pinned Node and runs
// on it (scripts/node.mjs), then runs the suite (scripts/test.ts) through tsx.
import { onPinnedNode } from './node.mjs';

await onPinnedNode();
const { register } = await import('tsx/esm/api');
register();
await import('./test.ts');
