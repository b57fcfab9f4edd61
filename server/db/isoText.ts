// A time as the text JSON makes of a Date (ISO-8601, UTC, milliseconds, `Z`), worked out by the database: an answer
// that carries it as text makes no Date of it only to write it back (a list page's ~80 of them; a profile's two sent
// its whole answer down JSON.stringify's slow path: docs/performance.md), and a NOTIFY's event reads as the same
// event sent from JavaScript.
import { sql, type Expression, type RawBuilder } from 'kysely';

/** `time` (a column reference or any SQL of a timestamp) as that text. */
export const isoText = (time: Expression<unknown> | RawBuilder<unknown>) =>
  sql<string | null>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
