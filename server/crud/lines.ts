// A selection action (ActionDef.lines): the rows selected in a list, each line with inputs of its own, in ONE
// request `POST /api/<R>/<action> { lines: [{ _id, version, …fields }] }`. The body is checked here from the
// declaration before anything is read (a 400 names the first bad line, counted from 1); the domain's `lines`
// hook then applies every line in one transaction, so one refused line leaves every row as it was.
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import type { ActionDef, LinesDef } from '../../resources/types';
import { checkValue } from '../../resources/validate';
import { requirePermission } from '../auth/permissions';
import { badRequest } from '../http/errors';
import type { Line, Served } from './hooks';

const isVersion = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/** The lines as sent, each checked against the declared line fields (numbers as JSON numbers, not strings). */
export function linesOf(spec: LinesDef, raw: unknown): Line[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('vf.error.body');
  const lines = (raw as { lines?: unknown }).lines;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > spec.max)
    throw badRequest('vf.vocab.lines.error.lines', { max: spec.max });
  const seen = new Set<string>();
  return lines.map((l, i) => {
    const line = i + 1;
    if (!l || typeof l !== 'object' || Array.isArray(l)) throw badRequest('vf.vocab.lines.error.line', { line });
    const sent = l as Record<string, unknown>;
    const { _id, version } = sent;
    if (typeof _id !== 'string' || !_id || _id.length > 200 || !isVersion(version))
      throw badRequest('vf.vocab.lines.error.line', { line });
    if (seen.has(_id)) throw badRequest('vf.vocab.lines.error.duplicate', { line });
    seen.add(_id);
    const values: Record<string, unknown> = {};
    const given = Object.keys(spec.fields).filter((n) => sent[n] !== undefined);
    const refuse = (max?: number) =>
      badRequest(spec.message ?? 'vf.vocab.lines.error.fields', { line, max: max ?? '' });
    // exactly one of them, where the declaration says so (add so many, or fill up to so many)
    if (spec.oneOf && given.length !== 1)
      throw refuse(Object.values(spec.fields).find((f) => f.max !== undefined)?.max);
    for (const [name, f] of Object.entries(spec.fields)) {
      const v = sent[name];
      if (v === undefined) {
        if (f.required && !spec.oneOf) throw refuse(f.max);
        continue;
      }
      if ((f.type === 'number' || f.type === 'money') && typeof v !== 'number') throw refuse(f.max);
      const checked = checkValue(f, v);
      if (checked.error) throw refuse(f.max);
      values[name] = checked.value;
    }
    return { line, _id, version: version as number, values };
  });
}

export async function actOnLines(
  db: DB,
  ctx: CallContext,
  { def, hooks }: Served,
  name: string,
  action: ActionDef & { lines: LinesDef },
  raw: unknown,
) {
  requirePermission(ctx.user, action.permission);
  const lines = linesOf(action.lines, raw);
  const apply = hooks.lines?.[name];
  if (!apply) throw new Error(`${def.name}.${name}: a selection action needs a lines hook (its owner's defineHooks)`);
  return db.transaction().execute(async (trx) => ({ lines: await apply({ trx, ctx, def, lines }) }));
}
