// The routes of spreadsheet imports (docs/import.md): `POST /api/<R>/import` (multipart: file, mode, partial) and
// `GET /api/<R>/import/template` for every resource whose declaration says `import`, and an import's own calls —
// `GET /api/import/{id}`, `POST /api/import/{id}/revert`, `POST /api/import/{id}/cancel`. The multipart parser is
// this plugin's alone: no other route of the engine takes a multipart body.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db';
import { callPath, exportColumns, type ResourceDef } from '../../resources/types';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../resources/limits';
import { ctxOf } from '../auth/plugin';
import { requirePermission } from '../auth/permissions';
import { knownError, ok, requestLang } from '../http/envelope';
import { ApiError, badRequest } from '../http/errors';
import { anyObject, choice, int, list, obj, route, str } from '../http/schema';
import { translate } from '../../i18n';
import type { HookBook } from './hooks';
import { cancelImport, importFile, answerOf, loadImport } from './import';
import { revertImport } from './importUndo';
import { actionOf, importable } from './importCells';
import { sendFile, streamedFile, EXPORT_FORMATS, type ExportFormat } from './export';

const MB = IMPORT_MAX_BYTES / 2 ** 20;
const tooLarge = () => new ApiError(413, 'vf.import.error.too_large', { max: `${MB} MB` });

const importAnswer = obj({
  import_id: str(),
  resource: str(),
  state: choice(['dry_run', 'running', 'done', 'failed', 'cancelled', 'reverted'] as const),
  mode: choice(['dry_run', 'apply'] as const),
  file_name: str(),
  encoding: str('utf-8, utf-8-bom, gb18030 or xlsx'),
  rows: int(),
  done: int(),
  total: int(),
  created: int(),
  updated: int(),
  unchanged: int(),
  refused: int(),
  errors: list(obj({ row: int('as the spreadsheet numbers it'), column: str(), message: str() })),
  ignored: list(str()),
  preview: list(anyObject()),
  secrets: list(anyObject('a new row’s one-time secret (a robot’s key, a first password): answered once')),
  conflicts: list(anyObject()),
  create_time: str(),
});

/** The multipart parts: the file (at most IMPORT_MAX_BYTES: past it a 413), `mode` and `partial`. */
async function partsOf(req: FastifyRequest) {
  if (!req.isMultipart()) throw new ApiError(415, 'vf.error.unsupported_type');
  let bytes: Buffer | undefined;
  let fileName = 'file';
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (bytes) throw badRequest('vf.import.error.one_file');
        fileName = part.filename || fileName;
        bytes = await part.toBuffer();
        // toBuffer() checks the limit between chunks only: a stream cut at exactly the limit says so by its flag
        if (part.file.truncated) throw tooLarge();
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
    throw badRequest('vf.error.body');
  }
  if (!bytes || bytes.length === 0) throw badRequest('vf.import.error.empty');
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  const mode = fields.mode ?? 'dry_run';
  if (mode !== 'dry_run' && mode !== 'apply') throw badRequest('vf.import.error.mode');
  const partial = fields.partial === 'true' || fields.partial === '1';
  return { bytes, fileName, mode: mode as 'dry_run' | 'apply', partial };
}

export async function importRoutes(
  app: FastifyInstance,
  { db, resources, hooks }: { db: DB; resources: readonly ResourceDef[]; hooks: HookBook },
) {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 64, headerPairs: 50 },
  });
  for (const def of resources) {
    if (!def.import) continue;
    const served = { def, hooks: hooks.of(def.name) };
    const run = actionOf(def);
    const target = run && { def: run.target, hooks: hooks.of(run.target.name) };
    const permission = run ? run.action.permission : (def.permissions.add ?? def.permissions.edit);
    const config = { resource: def.name };
    const p = `/api${callPath(def, 'import')}`;
    app.post(
      p,
      {
        config,
        bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
        schema: route({
          tags: [def.name],
          summary: `Import a spreadsheet (.csv in UTF-8 or GB18030, or .xlsx; at most ${MB} MB and ${IMPORT_MAX_ROWS} rows), matched by ${def.import.key.join(' + ')}`,
          description:
            'multipart/form-data: `file`, `mode` (dry_run | apply, default dry_run), `partial` (true: write the good rows when some are refused). Past 1,000 rows the answer comes at once with state `running`.',
          consumes: ['multipart/form-data'],
          body: obj({ file: str('the spreadsheet', { format: 'binary' }), mode: str(), partial: str() }, ['file']),
          data: importAnswer,
        }),
      },
      async (req) => {
        const ctx = ctxOf(req);
        const parts = await partsOf(req);
        return ok(
          await importFile(db, ctx, served, parts.bytes, {
            fileName: parts.fileName,
            mode: parts.mode,
            partial: parts.partial,
            lang: requestLang(req),
            classify: (e) => knownError(e, req),
            onBug: (err) => req.log.error({ err }, 'import failed'),
            target,
          }),
        );
      },
    );
    // the file to fill in: the export's columns that an import writes, titled in the caller's language, no rows
    app.get<{ Querystring: { format?: string } }>(
      `${p}/template`,
      {
        config,
        schema: route({
          tags: [def.name],
          summary: 'The import’s template: the columns a file may carry, titled as the export titles them, no rows',
          querystring: obj({ format: choice(EXPORT_FORMATS, 'xlsx (default) or csv') }),
          raw: { contentType: 'application/octet-stream', description: 'the empty spreadsheet' },
        }),
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        requirePermission(ctx.user, permission);
        const lang = requestLang(req);
        const writable = importable(def);
        const listed = exportColumns(def, []);
        const names = [
          ...new Set([
            ...def.import!.key,
            ...('columns' in listed ? listed.columns : []).filter((n) => n in writable),
            ...Object.keys(writable).filter((n) => writable[n].required || run),
          ]),
        ];
        const columns = names.map((name) => ({
          name,
          field: writable[name] ?? def.fields[name],
          header: translate(lang, `resources.${def.name}.fields.${name}`),
        }));
        const format = (req.query.format ?? 'xlsx') as ExportFormat;
        return sendFile(
          reply,
          streamedFile(
            format,
            `${def.name}-import.${format}`,
            columns,
            async () => undefined,
            (err) => req.log.error({ err }, 'template failed'),
          ),
        );
      },
    );
  }

  const tags = ['import'];
  const params = obj({ id: str() }, ['id']);
  app.get<{ Params: { id: string } }>(
    '/api/import/:id',
    { schema: route({ tags, summary: 'An import: its state, progress and result', params, data: importAnswer }) },
    async (req) => ok(answerOf(await loadImport(db, ctxOf(req), req.params.id))),
  );
  app.post<{ Params: { id: string } }>(
    '/api/import/:id/revert',
    {
      schema: route({
        tags,
        summary: 'Undo an applied import (within 24 h): rows changed since are listed as conflicts and left',
        params,
        body: obj({}),
        data: importAnswer,
      }),
    },
    async (req) =>
      ok(await revertImport(db, ctxOf(req), hooks, req.params.id, requestLang(req), (e) => knownError(e, req))),
  );
  app.post<{ Params: { id: string } }>(
    '/api/import/:id/cancel',
    {
      schema: route({
        tags,
        summary: 'Stop a running import before it commits',
        params,
        body: obj({}),
        data: importAnswer,
      }),
    },
    async (req) => ok(await cancelImport(db, ctxOf(req), req.params.id)),
  );
}
