// Every answer an API test receives is held to the published document (docs/testing.md, "The contract"): the
// operation its method and path name, the response the document gives for its status (the status itself, else its
// range, 4XX / 5XX), and that response's JSON schema, checked with Ajv as OpenAPI 3.1 reads it (JSON Schema
// 2020-12). An answer that breaks it, or a status the operation does not document, fails the call that received
// it — so a drift between the server and its document fails the day it is written. The shared HTTP helpers
// (tests/support/server.ts, tests/support/cluster.ts) call `checkAnswer` on every answer.
//
// Cheap by design: the document is read once per server (test files share none), each response schema is compiled
// the first time an answer needs it and kept (for the next servers of the process too, when they publish the same
// document), and the operations × statuses seen go to one file per test file (`.tmp/contract-<run>/`) that the API
// project's teardown sums up (tests/support/globalSetup.ts).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { coverageDir } from './contractCoverage';
import { WILDCARD_PARAM } from '../../server/http/openapi';

interface Response {
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, Response>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

/** The document's own id for Ajv: a response schema refers into it (`#/components/schemas/Record_device`). */
const DOC_ID = 'https://vendfleet.invalid/api/openapi.json';
/** A JSON pointer segment as a URI fragment writes it. */
const segment = (s: string) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'));

class Contract {
  private ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
  private compiled = new Map<string, ValidateFunction>();
  /** each documented path as a pattern, literal paths first (`/api/user/profile` before `/api/user/profile/{id}`) */
  private routes: Array<{ template: string; pattern: RegExp }>;

  constructor(private doc: Doc) {
    this.ajv.addSchema(doc, DOC_ID);
    this.routes = Object.keys(doc.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template
            .split(/(\{[^}]+\})/)
            // a named wildcard (`/api/files/{path}`) takes the rest of the path, slashes and all
            .map((part, i, all) =>
              i % 2
                ? part === `{${WILDCARD_PARAM}}` && i === all.length - 2
                  ? '.+'
                  : '[^/]+'
                : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('')}$`,
        ),
      }))
      .sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')));
  }

  operationIds() {
    return Object.values(this.doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId ?? '?'));
  }

  /** Why the answer breaks the document, or undefined when it keeps to it; `seen` is the operation × status. */
  judge(method: string, url: string, status: number, contentType: string, body: unknown) {
    const pathname = new URL(url, 'http://x').pathname.replace(/\/+$/, '') || '/';
    const m = method.toLowerCase();
    const route = this.routes.find((r) => r.pattern.test(pathname) && this.doc.paths[r.template][m]);
    if (!route) {
      // a path or method the server has no route for: a refusal (404, or 401 first under the robots' gateway) in
      // the failure envelope
      if (status < 400 || status > 499)
        return { problem: `no operation in the document for ${method} ${pathname} (${status})` };
      return { problem: this.check('#/components/schemas/ApiError', body, contentType), seen: `(no route) ${status}` };
    }
    const op = this.doc.paths[route.template][m];
    const id = op.operationId ?? `${method} ${route.template}`;
    const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((k) => op.responses?.[k]);
    if (!key) return { problem: `${id}: status ${status} is not in the document`, seen: `${id} ${status}` };
    const content = op.responses![key].content ?? {};
    const seen = `${id} ${status}`;
    // a file, an image, an event stream: the document names its type; only JSON answers have a schema to check
    if (!content['application/json']) return { seen };
    const pointer = ['paths', route.template, m, 'responses', key, 'content', 'application/json', 'schema'];
    return { seen, problem: this.check(`#/${pointer.map(segment).join('/')}`, body, contentType, id) };
  }

  private check(fragment: string, body: unknown, contentType: string, id = 'ApiError') {
    if (!/^application\/json\b/.test(contentType)) return `${id}: answered ${contentType || 'no body'}, not JSON`;
    let validate = this.compiled.get(fragment);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}${fragment}` });
      this.compiled.set(fragment, validate);
    }
    if (validate(body)) return undefined;
    return `${id}: ${this.ajv.errorsText(validate.errors, { dataVar: 'answer', separator: '; ' })}`;
  }
}

const contracts = new Map<string, Promise<Contract>>();
/**
 * Contracts by their document's text: a worker runs file after file, each on a server of its own that publishes
 * the same document (docs/testing.md, "Files share a worker"), so the schemas one file compiled serve the next.
 */
const byText = new Map<string, Contract>();
function contractFor(text: string): Contract {
  let contract = byText.get(text);
  if (!contract) byText.set(text, (contract = new Contract(JSON.parse(text) as Doc)));
  return contract;
}
const seen = new Set<string>();
let operations: string[] = [];
/** what the checks cost this file: answers checked, and CPU milliseconds spent taking in the document (made by
 * an in-process server, or fetched) and judging answers (compiling each schema the first time included) */
const spent = { answers: 0, ms: 0 };
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

/** The document of a server running in this process (tests/support/server.ts), taken from it as it starts: no
 * request, and the first answer of a test that counts seconds (a robot's offline window) is not the one that
 * waits for it. `doc` makes what /api/openapi.json serves (`() => app.swagger()`). */
export function knowDocument(base: string, doc: () => unknown) {
  const t = process.cpuUsage();
  const contract = contractFor(JSON.stringify(doc()));
  spent.ms += cpuMs(t);
  if (!operations.length) operations = contract.operationIds();
  contracts.set(base, Promise.resolve(contract));
}

/** The document the server at `base` publishes, read once (a server in a process of its own: over HTTP). */
export function contractOf(base: string) {
  let c = contracts.get(base);
  if (!c) {
    c = fetch(`${base}/api/openapi.json`)
      .then((r) => r.text())
      .then((text) => {
        const t = process.cpuUsage();
        const contract = contractFor(text);
        spent.ms += cpuMs(t);
        if (!operations.length) operations = contract.operationIds();
        return contract;
      });
    contracts.set(base, c);
  }
  return c;
}

/**
 * Holds one answer to the document of the server that gave it; throws, naming the operation and what broke,
 * when it does not keep to it. `path` is what was asked under the server (`/api/device/list`).
 */
export async function checkAnswer(
  base: string,
  method: string,
  path: string,
  answer: { status: number; contentType: string; body: unknown },
) {
  const contract = await contractOf(base);
  const t = process.cpuUsage();
  const { problem, seen: pair } = contract.judge(method, path, answer.status, answer.contentType, answer.body);
  spent.ms += cpuMs(t);
  spent.answers++;
  if (pair) seen.add(pair);
  if (problem)
    throw new Error(
      `The answer breaks the API document (docs/testing.md, "The contract"): ${method} ${path} → ${answer.status}\n${problem}`,
    );
}

/** After each test file (tests/support/fileSetup.ts; the module stays loaded from one file to the next): what it
 * saw, in a file of its own, and the counts start again for the next file. */
export function saveContractCoverage() {
  if (seen.size && process.env.VF_TEST_RUN) {
    const dir = coverageDir(process.env.VF_TEST_RUN);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${randomUUID()}.json`), JSON.stringify({ operations, seen: [...seen], spent }));
  }
  seen.clear();
  spent.answers = 0;
  spent.ms = 0;
}
