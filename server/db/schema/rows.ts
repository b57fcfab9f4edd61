// The row types of the declared tables, derived by the compiler from the declarations themselves (the same
// rules derive.ts applies to write the DDL): a new field is a new typed column with nothing to regenerate, and
// a type can never drift from the schema the drift test holds the database to.
// Kysely reads each column as ColumnType<select, insert, update>: a column the database fills (a declared
// default, `version`, `now()`) is Generated (optional on insert); a nullable column is `T | null` (optional on
// insert). Hand tables are in hand.ts.
import type { ColumnType, Generated } from 'kysely';
import type { FieldDef, ResourceDef, TenantScope } from '../../../resources/types';
import type { declared } from '../../../resources';
import type { DeclaredJson } from './json';

/** timestamptz: read as a Date (node-postgres), written as a Date, an ISO text or an SQL expression */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A jsonb column: read parsed (node-postgres parses json on both engines), written as JSON text — node-postgres
 * would send a JS array as a PostgreSQL array literal, which jsonb refuses. */
export type Json<T> = ColumnType<T, string, string>;

type ChoiceOf<F> = F extends { choices: readonly (infer C)[] } ? C : string;

/** What a `json` field holds: what its `check` returns, or its declared keys, else unknown (see DeclaredJson). */
type JsonOf<F> = F extends { check: (value: never) => { value?: infer V } }
  ? V
  : F extends { fields: infer S extends Record<string, FieldDef> }
    ? { [K in keyof S]?: Value<S[K]> | null }
    : unknown;

/** The value a field's column holds (derive.ts TYPES). */
type Value<F extends FieldDef> = F['type'] extends 'text' | 'email' | 'password' | 'image' | 'reference'
  ? string
  : F['type'] extends 'choice'
    ? ChoiceOf<F>
    : F['type'] extends 'number' | 'money' | 'decimal'
      ? number
      : F['type'] extends 'boolean'
        ? boolean
        : F['type'] extends 'choices'
          ? ChoiceOf<F>[]
          : F['type'] extends 'references'
            ? string[]
            : F['type'] extends 'datetime'
              ? Date
              : JsonOf<F>;

/** derive.ts sqlDefault: a declared non-null default; `now()` for an unrequired NOT NULL datetime; the first
 * choice for a NOT NULL choice. */
type HasDefault<F> = F extends { default: null | undefined }
  ? false
  : F extends { default: unknown }
    ? true
    : F extends { type: 'datetime'; notNull: true }
      ? F extends { required: true }
        ? false
        : true
      : F extends { type: 'choice'; notNull: true; choices: readonly [unknown, ...unknown[]] }
        ? true
        : false;

/** derive.ts column(): NOT NULL when required, notNull or defaulted. */
type NotNull<F> = F extends { required: true } | { notNull: true } ? true : HasDefault<F>;

type Column<F extends FieldDef, J> = [unknown] extends [J]
  ? F['type'] extends 'datetime'
    ? Shape<F, Date, Date | string>
    : F['type'] extends 'json'
      ? Shape<F, JsonOf<F>, string>
      : Shape<F, Value<F>, Value<F>>
  : Shape<F, J, string>;

/** May an insert leave it out: a default, or `notNull` without `required` — "callers need not send it: the
 * server or the database fills it" (resources/types.ts), e.g. a state moved by actions, a flag starting false. */
type Optional<F> =
  HasDefault<F> extends true ? true : F extends { required: true } ? false : F extends { notNull: true } ? true : false;

/** A column's select and write types, with its nullability and whether an insert may leave it out. */
type Shape<F, S, W> =
  NotNull<F> extends true
    ? Optional<F> extends true
      ? ColumnType<S, W | undefined, W>
      : ColumnType<S, W, W>
    : ColumnType<S | null, W | null | undefined, W | null>;

/** `derived` fields have no column (resources/types.ts). */
type Stored<F> = { [K in keyof F as F[K] extends { derived: true } ? never : K]: F[K] };
type FieldsOf<R> = (R extends { fields: infer F } ? Stored<F> : object) & (R extends { columns: infer C } ? C : object);

/** Tenant columns the declaration does not list as fields: text NOT NULL (derive.ts deriveTable). */
type TenantColumns<R> = R extends { tenant: infer T extends TenantScope }
  ? { [K in NonNullable<T[keyof T]> & string]: string }
  : object;

type JsonFor<T extends string, K> = T extends keyof DeclaredJson
  ? K extends keyof DeclaredJson[T]
    ? DeclaredJson[T][K]
    : unknown
  : unknown;

/** One declared table's row: _id, its fields and columns, the tenant columns, the version. */
export type RowOf<R extends ResourceDef> = { _id: string } & Omit<TenantColumns<R>, keyof FieldsOf<R>> & {
    [K in keyof FieldsOf<R> & string]: FieldsOf<R>[K] extends infer F extends FieldDef
      ? Column<F, JsonFor<R['table'], K>>
      : never;
  } & { version: Generated<number> };

type Declared = (typeof declared)[number];

/** Every declared table (a view is written by hand: hand.ts). */
export type DeclaredTables = {
  [R in Declared as R extends { view: true } ? never : R['table']]: RowOf<R>;
};
