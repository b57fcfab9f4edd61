// What robots write for the service side: a voucher's write-off, customer-service Q&A, fault reports about
// themselves. Generating vouchers is the console's: server/features/vouchers/.
import { route, obj, str, int, nullable, type EdgeInstance } from '../../http/schema';
import { fieldsBody, recordRef } from '../../crud/schema';
import type { DB } from '../../db';
import { deviceOf } from './auth';
import { robotActor, type GatewayDevice } from '../../auth/robot';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import { tidyFields } from '../../../resources/validate';
import { writeLog, newId } from '../../log';
import { isLecode } from '../../../resources/lecode';
import chatchat from '../../../resources/chatchat';
import report from '../../../resources/report';
import { checkPhotos } from '../service/report';
import * as service from '../service/queries';
import * as vouchers from '../vouchers/queries';

const gw = ['device-gateway'];

/** A tidied optional text field's value (tidyFields hands back unknowns). */
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A robot's own operation-log entry names the robot's brand and store (its actor is robotActor). */
const robotTenant = (d: GatewayDevice) => ({ integrator: d.integrator, dealer: d.dealer });

/** What robots write for the service side: voucher write-offs, customer Q&A, fault reports. */
export function serviceRoutes(app: EdgeInstance, db: DB) {
  // A robot writes a voucher of its store off: once, inside its validity, never once voided.
  app.post(
    '/api/device-gateway/lecode/writeoff',
    {
      config: { resource: 'lecode' },
      schema: route({
        tags: gw,
        security: 'device',
        summary: "Write a voucher of the robot's store off, once (409 if written off, voided or expired)",
        body: obj(
          {
            code: str('the voucher code', { 'x-required': true, 'x-trim': true }),
            order: nullable(str('the order it paid for', { minLength: 1, maxLength: 64 })),
          },
          ['code'],
        ),
        data: obj({
          _id: str(),
          code: str(),
          batch: str(),
          product: str(),
          quantity: int(),
          status: str(),
          writeofftimestamp: str(),
          // the order the voucher was spent on, when the robot named one
          writeoff_order: nullable(str()),
        }),
      }),
    },
    async (req) => {
      const d = deviceOf(req);
      // judged at the edge (the code trimmed)
      const { code: c, order } = req.body;
      if (!isLecode(c) || !d.dealer) throw notFound('vf.service.error.voucher_missing');
      return db.transaction().execute(async (trx) => {
        const done = await vouchers.writeOff(trx, {
          code: c,
          dealer: d.dealer!,
          device: d._id,
          order: order ?? null,
        });
        if (!done) {
          const row = await vouchers.stateOf(trx, c, d.dealer!);
          if (!row) throw notFound('vf.service.error.voucher_missing');
          if (row.status === 'WRITEOFF') throw conflict('vf.service.error.written_off');
          if (row.status === 'DELETE') throw conflict('vf.service.error.voided');
          if (new Date(row.valid_from).getTime() > Date.now()) throw conflict('vf.service.error.not_yet_valid');
          throw conflict('vf.service.error.expired');
        }
        await writeLog(trx, robotActor(d, req.ip), {
          action: 'writeoff',
          resource: 'lecode',
          record: done._id,
          before: { status: 'CREATED' },
          after: {
            status: done.status,
            code: done.code,
            writeofftimestamp: done.writeofftimestamp,
            writeoff_order: done.writeoff_order,
          },
          integrator: done.integrator,
          dealer: done.dealer,
        });
        const { _id, code: saved, batch, product, quantity, status, writeofftimestamp, writeoff_order } = done;
        return ok({ _id, code: saved, batch, product, quantity, status, writeofftimestamp, writeoff_order });
      });
    },
  );

  // What a customer asked the robot's customer service, and the answer given.
  app.post(
    '/api/device-gateway/chatchat',
    {
      config: { resource: 'chatchat' },
      schema: route({
        tags: gw,
        security: 'device',
        summary: 'Store a customer-service question and its answer',
        body: fieldsBody(
          { question: chatchat.fields.question, answer: chatchat.fields.answer, language: chatchat.fields.language },
          'create',
        ),
        data: recordRef(chatchat),
      }),
    },
    async (req) => {
      const d = deviceOf(req);
      const { question, answer, language } = chatchat.fields;
      const { values } = tidyFields({ question, answer, language }, req.body, 'create');
      const row = await db.transaction().execute(async (trx) => {
        const saved = await service.addChat(trx, {
          _id: newId(),
          device: d._id,
          integrator: d.integrator,
          dealer: d.dealer,
          question: String(values.question),
          answer: String(values.answer),
          language: textOrNull(values.language),
        });
        await writeLog(trx, robotActor(d, req.ip), {
          action: 'add',
          resource: 'chatchat',
          record: saved._id,
          after: saved,
          ...robotTenant(d),
        });
        return saved;
      });
      return ok(row);
    },
  );

  // A robot raises a fault report about itself.
  app.post(
    '/api/device-gateway/report',
    {
      config: { resource: 'report' },
      schema: route({
        tags: gw,
        security: 'device',
        summary: 'Raise a fault report about this robot',
        body: fieldsBody(
          { code: report.fields.code, fault: report.fields.fault, description: report.fields.description },
          'create',
          { photos: { type: 'array', items: str('an uploaded image path'), description: 'image paths' } },
        ),
        data: recordRef(report),
      }),
    },
    async (req) => {
      const d = deviceOf(req);
      const { code, fault, description } = report.fields;
      const { values } = tidyFields({ code, fault, description }, req.body, 'create');
      const photos = checkPhotos(req.body.photos);
      const row = await db.transaction().execute(async (trx) => {
        const saved = await service.addReport(trx, {
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
        });
        await writeLog(trx, robotActor(d, req.ip), {
          action: 'add',
          resource: 'report',
          record: saved._id,
          after: saved,
          ...robotTenant(d),
        });
        return saved;
      });
      return ok(row);
    },
  );
}
