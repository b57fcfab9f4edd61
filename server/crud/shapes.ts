// List queries compiled once per shape (docs/performance.md "Why it costs that"): kysely's building and compiling of a
// list's page and count was the largest share of what a generic list call cost beyond the hand-written floor's
// (docs/performance.md). A shape names everything that decides a query's SQL text — the resource, the kind of query,
// its WHERE's shape (./filters.ts `Where`) — and its parameters are known without building it. The first call of a
// shape builds and compiles it, and its text is kept only when kysely's parameters are exactly the ones expected, in
// order; later calls send that text with their own parameters. Under tests every call is also built and compared, so a
// shape that misses something that changes the text fails a test instead of sending another query's SQL.
import { CompiledQuery, type Compilable } from 'kysely';
import type { ResourceDef } from '../../resources/types';
import { setting } from '../config';

/** Shapes are few (filters used × kinds, per resource); a bound all the same. */
const MAX_SHAPES = 2_000;
const VERIFY = setting('NODE_ENV') === 'test';
/** SQL text by resource and shape; null: its parameters were not the expected ones, so it is built every time. By
 * the declaration itself, not its name: servers in one process (tests) may serve different declarations of a name. */
const byDef = new WeakMap<ResourceDef, Map<string, string | null>>();

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** The query of this resource and shape with these parameters (`shape` undefined: no shape, built every time). */
export function compiledOnce(
  def: ResourceDef,
  shape: string | undefined,
  values: readonly unknown[],
  build: () => Compilable,
) {
  if (shape === undefined) return build().compile();
  let known = byDef.get(def);
  if (!known) byDef.set(def, (known = new Map()));
  const text = known.get(shape);
  if (text === undefined || text === null || VERIFY) {
    const q = build().compile();
    const same = sameValues(q.parameters, values);
    if (text === undefined) {
      if (known.size >= MAX_SHAPES) known.delete(known.keys().next().value!);
      known.set(shape, same ? q.sql : null);
    } else if (text !== null && (text !== q.sql || !same))
      throw new Error(`list query shape ${shape} compiled to other SQL or parameters: ${q.sql}`);
    return q;
  }
  return CompiledQuery.raw(text, [...values]);
}
