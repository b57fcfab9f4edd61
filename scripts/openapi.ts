// `npm run openapi`: writes the TypeScript types openapi-typescript makes of the API's OpenAPI document
// (server/demo/simulator/api.gen.d.ts, which the simulator's robot client is written against), then the document
// itself (.tmp/openapi.json, the one /api/openapi.json serves), without a database or a port. Runs before
// `npm run typecheck` and `npm run lint` (lint:api); neither file is committed: the declarations are the source
// (docs/api.md, "The document's own checks"). Both are left as they are when the document is newer than every
// source it is made from (CI's lint, after its typecheck, does not make them again).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, newest } from './buildIfStale';

export const DOCUMENT = path.join(ROOT, '.tmp', 'openapi.json');
export const TYPES = path.join(ROOT, 'server', 'demo', 'simulator', 'api.gen.d.ts');
const SOURCES = ['server', 'resources', 'i18n', 'package-lock.json', 'scripts/openapi.ts'];

const madeAt = fs.existsSync(DOCUMENT) && fs.existsSync(TYPES) ? fs.statSync(DOCUMENT).mtimeMs : 0;
if (madeAt >= Math.max(...SOURCES.map(newest))) {
  console.log(`${path.relative(ROOT, DOCUMENT)} is up to date`);
} else {
  const { apiDocument } = await import('../server/http/openapiDocument');
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const doc = await apiDocument();
  const ast = await openapiTS(doc as never);
  // the types first: the document's time, the later, says both are made
  fs.writeFileSync(
    TYPES,
    `// Made by \`npm run openapi\` from the API's OpenAPI document: never edit, never commit (.gitignore).\n${astToString(ast)}`,
  );
  fs.mkdirSync(path.dirname(DOCUMENT), { recursive: true });
  fs.writeFileSync(DOCUMENT, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`${path.relative(ROOT, TYPES)} and ${path.relative(ROOT, DOCUMENT)} written`);
}
