// Vouchers (batch generation, robots' write-off), customer-service Q&A and fault reports from robots.
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { route, obj, str, int } from '../http/schema';
import { fieldsBody, recordRef } from '../crud/schema';
import { sql } from 'kysely';
import type { DB } from '../db';
import { ctxOf } from '../auth/plugin';
import { deviceOf, type GatewayDevice } from '../gateway/auth';
import { requirePermission } from '../auth/permissions';
import { ok } from '../http/envelope';
import { conflict, invalid, notFound } from '../http/errors';
import { isObject, validateFields } from '../../resources/validate';
import { writeLog, newId } from '../log';
import { inScope, scopeConditions } from '../crud/scope';
import lecode, { GENERATE_FIELDS, LECODE_PREFIX, MAX_BATCH, isLecode, lecodeCheck } from '../../resources/lecode';
import chatchat from '../../resources/chatchat';
import report from '../../resources/report';
import { checkPhotos } from '../domain/report';
import { rolePreviewRoutes } from './rolePreview';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const pick = (s: string) => s[randomInt(s.length)];

/** SPEC §9: prefix, two upper-case, two lower-case and two digits shuffled, then the check suffix. */
export function newLecode(): string {
  const chars = [pick(UPPER), pick(UPPER), pick(LOWER), pick(LOWER), pick(DIGITS), pick(DIGITS)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const middle = chars.join('');
  return `${LECODE_PREFIX}${middle}${lecodeCheck(middle)}`;
}

const INSERT_CHUNK = 10_000;
const gw = ['device-gateway'];

/** The body, an object: the route's schema saw to it at the edge. */
const bodyOf = (req: FastifyRequest): Record<string, unknown> => (isObject(req.body) ? req.body : {});

/** A validated optional text field's value (validateFields hands back unknowns). */
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Who writes when a robot calls: the robot itself, in its brand and store. */
function robotCtx(req: FastifyRequest, d: GatewayDevice) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { ip: req.ip, user: { _id: `device:${d.device_id}`, account_type: 'DEVICE', integrator: d.integrator, dealer: d.dealer } as any };
}

/** Vouchers, Q&A and reports; with the role preview, whose hooks reach every route (so not encapsulated). */
export const serviceRoutes = fp<{ db: DB }>(async (app, { db }) => {
  rolePreviewRoutes(app, db);

  // A batch of vouchers for one product of a store the caller may see; every code unique on the platform.
  app.post('/api/lecode/generate', {
    config: { resource: 'lecode' },
    schema: route({ tags: ['lecode'], summary: 'A batch of vouchers for one product (then list them with filter { batch })', body: fieldsBody(GENERATE_FIELDS, 'create'), data: obj({ batch: str(), count: int() }) }),
  }, async (req) => {
    const ctx = ctxOf(req);
    requirePermission(ctx.user, 'lecode_add');
    const { values, errors } = validateFields(GENERATE_FIELDS, bodyOf(req), 'create');
    if (!errors.valid_to && values.valid_to && values.valid_from && new Date(values.valid_to as string) <= new Date(values.valid_from as string)) {
      errors.valid_to = { key: 'vf.service.error.valid_to_order' };
    }
    if (!errors.valid_to && values.valid_to && new Date(values.valid_to as string).getTime() <= Date.now()) {
      errors.valid_to = { key: 'vf.service.error.valid_to_past' };
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const scope = scopeConditions(lecode, ctx.user);
    let pq = db.selectFrom('product').select(['_id', 'integrator', 'dealer']).where('_id', '=', values.product as string);
    if (scope === 'none') throw notFound();
    for (const [col, v] of scope) pq = pq.where(sql.ref(col), '=', v);
    const product = await pq.executeTakeFirst();
    if (!product) throw invalid({ product: { key: 'vf.service.error.product_missing' } });
    if (!inScope(lecode, ctx.user, product)) throw notFound();
    const count = values.count as number;
    const batch = `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${newId().slice(0, 6).toUpperCase()}`;
    await db.transaction().execute(async (trx) => {
      let made = 0;
      for (let round = 0; made < count; round++) {
        if (round > 50) throw conflict('vf.service.error.codes_exhausted');
        const want = Math.min(INSERT_CHUNK, count - made);
        const codes = new Set<string>();
        while (codes.size < want) codes.add(newLecode());
        const list = [...codes];
        // One statement per round: the varying columns as arrays, the rest as constants.
        // A code that already exists elsewhere is skipped and drawn again in the next round.
        const inserted = await sql<{ _id: string }>`
          INSERT INTO lecode (_id, batch, code, product, quantity, valid_from, valid_to, details, integrator, dealer)
          SELECT t.id, ${batch}, t.code, ${product._id}, ${values.quantity}::int, ${values.valid_from}::timestamptz,
                 ${values.valid_to}::timestamptz, ${(values.details as string | null) ?? ''}, ${product.integrator}, ${product.dealer}
          FROM unnest(${list.map(() => newId())}::text[], ${list}::text[]) AS t(id, code)
          ON CONFLICT (code) DO NOTHING
          RETURNING _id`.execute(trx);
        made += inserted.rows.length;
      }
      await writeLog(trx, ctx, {
        action: 'generate',
        resource: 'lecode',
        record: batch,
        after: { batch, count, product: product._id, quantity: values.quantity, valid_from: values.valid_from, valid_to: values.valid_to, details: values.details ?? '' },
        integrator: product.integrator,
        dealer: product.dealer,
      });
    });
    return ok({ batch, count });
  });

  // A robot writes a voucher of its store off: once, inside its validity, never once voided.
  app.post('/api/device-gateway/lecode/writeoff', {
    config: { resource: 'lecode' },
    schema: route({
      tags: gw, security: 'device', summary: 'Write a voucher of the robot\'s store off, once (409 if written off, voided or expired)',
      body: obj({ code: str('the voucher code'), order: str('the order it paid for', { minLength: 1, maxLength: 64 }) }, ['code']),
      data: obj({ _id: str(), code: str(), batch: str(), product: str(), quantity: int(), status: str(), writeofftimestamp: str(), writeoff_order: str() }),
    }),
  }, async (req) => {
    const d = deviceOf(req);
    const body = bodyOf(req);
    const code = body.code;
    if (typeof code !== 'string' || code.trim() === '') throw invalid({ code: { key: 'vf.validation.required' } });
    const order = body.order;
    if (order !== undefined && order !== null && (typeof order !== 'string' || order.length === 0 || order.length > 64)) {
      throw invalid({ writeoff_order: { key: 'vf.validation.length_between', args: { min: 1, max: 64 } } });
    }
    const c = code.trim();
    if (!isLecode(c) || !d.dealer) throw notFound('vf.service.error.voucher_missing');
    return db.transaction().execute(async (trx) => {
      // One statement decides: of concurrent write-offs exactly one finds the row still open.
      const done = await trx
        .updateTable('lecode')
        .set({ status: 'WRITEOFF', writeofftimestamp: sql`now()`, writeoff_device: d._id, writeoff_order: (order as string | undefined) ?? null })
        .where('code', '=', c)
        .where('dealer', '=', d.dealer!)
        .where('status', 'in', ['CREATED', 'SOLD'])
        .where('valid_from', '<=', sql<Date>`now()`)
        .where('valid_to', '>', sql<Date>`now()`)
        .returningAll()
        .executeTakeFirst();
      if (!done) {
        const row = await trx.selectFrom('lecode').select(['status', 'valid_from', 'valid_to']).where('code', '=', c).where('dealer', '=', d.dealer!).executeTakeFirst();
        if (!row) throw notFound('vf.service.error.voucher_missing');
        if (row.status === 'WRITEOFF') throw conflict('vf.service.error.written_off');
        if (row.status === 'DELETE') throw conflict('vf.service.error.voided');
        if (new Date(row.valid_from).getTime() > Date.now()) throw conflict('vf.service.error.not_yet_valid');
        throw conflict('vf.service.error.expired');
      }
      await writeLog(trx, robotCtx(req, d), {
        action: 'writeoff',
        resource: 'lecode',
        record: done._id,
        before: { status: 'CREATED' },
        after: { status: done.status, code: done.code, writeofftimestamp: done.writeofftimestamp, writeoff_order: done.writeoff_order },
        integrator: done.integrator,
        dealer: done.dealer,
      });
      const { _id, code: saved, batch, product, quantity, status, writeofftimestamp, writeoff_order } = done;
      return ok({ _id, code: saved, batch, product, quantity, status, writeofftimestamp, writeoff_order });
    });
  });

  // What a customer asked the robot's customer service, and the answer given.
  app.post('/api/device-gateway/chatchat', {
    config: { resource: 'chatchat' },
    schema: route({ tags: gw, security: 'device', summary: 'Store a customer-service question and its answer', body: fieldsBody({ question: chatchat.fields.question, answer: chatchat.fields.answer, language: chatchat.fields.language }, 'create'), data: recordRef(chatchat) }),
  }, async (req) => {
    const d = deviceOf(req);
    const { question, answer, language } = chatchat.fields;
    const { values, errors } = validateFields({ question, answer, language }, bodyOf(req), 'create');
    if (Object.keys(errors).length) throw invalid(errors);
    const row = await db.transaction().execute(async (trx) => {
      const saved = await trx
        .insertInto('chatchat')
        .values({ _id: newId(), device: d._id, integrator: d.integrator, dealer: d.dealer, question: String(values.question), answer: String(values.answer), language: textOrNull(values.language) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeLog(trx, robotCtx(req, d), { action: 'add', resource: 'chatchat', record: saved._id, after: saved, integrator: d.integrator, dealer: d.dealer });
      return saved;
    });
    return ok(row);
  });

  // A robot raises a fault report about itself.
  app.post('/api/device-gateway/report', {
    config: { resource: 'report' },
    schema: route({
      tags: gw, security: 'device', summary: 'Raise a fault report about this robot',
      body: fieldsBody({ code: report.fields.code, fault: report.fields.fault, description: report.fields.description }, 'create', { photos: { type: 'array', items: str('an uploaded image path'), description: 'image paths' } }),
      data: recordRef(report),
    }),
  }, async (req) => {
    const d = deviceOf(req);
    const body = bodyOf(req);
    const { code, fault, description } = report.fields;
    const { values, errors } = validateFields({ code, fault, description }, body, 'create');
    if (Object.keys(errors).length) throw invalid(errors);
    const photos = checkPhotos(body.photos);
    const row = await db.transaction().execute(async (trx) => {
      const saved = await trx
        .insertInto('report')
        .values({
          _id: newId(),
          device: d._id,
          integrator: d.integrator,
          dealer: d.dealer,
          code: textOrNull(values.code),
          fault: textOrNull(values.fault),
          description: String(values.description),
          photos: JSON.stringify(photos),
          source: 'robot',
          reporter: `device:${d.device_id}`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeLog(trx, robotCtx(req, d), { action: 'add', resource: 'report', record: saved._id, after: saved, integrator: d.integrator, dealer: d.dealer });
      return saved;
    });
    return ok(row);
  });
});

export { MAX_BATCH };
