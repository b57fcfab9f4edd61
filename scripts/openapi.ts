// `npm run openapi`: writes the API's OpenAPI document (.tmp/openapi.json, the one /api/openapi.json serves) and
// the TypeScript types openapi-typescript makes of it (server/demo/simulator/api.gen.d.ts, which the simulator's
// robot client is written against), without a database or a port. Runs before `npm run typecheck` and
// `npm run lint:api`; neither file is committed: the declarations are the source (docs/api.md).
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { apiDocument } from '../server/http/openapiDocument';
import { ROOT } from './buildIfStale';

export const DOCUMENT = path.join(ROOT, '.tmp', 'openapi.json');
export const TYPES = path.join(ROOT, 'server', 'demo', 'simulator', 'api.gen.d.ts');

const doc = await apiDocument();
fs.mkdirSync(path.dirname(DOCUMENT), { recursive: true });
fs.writeFileSync(DOCUMENT, `${JSON.stringify(doc, null, 2)}\n`);
const ast = await openapiTS(doc as never);
fs.writeFileSync(
  TYPES,
  `// Made by \`npm run openapi\` from the API's OpenAPI document: never edit, never commit (.gitignore).\n${astToString(ast)}`,
);
console.log(`${path.relative(ROOT, DOCUMENT)} and ${path.relative(ROOT, TYPES)} written`);
