// The forecast list's `empty_before` filter (resources/forecast.ts, a `derived` field): rows that run empty before
// the time given, read through the list's own index on empty_at.
import { sql, type Expression, type SqlBool } from 'kysely';
import { defineHooks } from '../../crud/hooks';

export const forecastHooks = defineHooks('forecast', {
  filters: {
    empty_before: (value): Expression<SqlBool> =>
      sql<SqlBool>`empty_at < ${(value instanceof Date ? value : new Date(String(value))).toISOString()}::timestamptz`,
  },
});
