// Field validation from a declaration. The browser's forms run it (`validateFields`); the server states the same
// rules in its edge schemas (server/crud/fieldSchema.ts), with the same message keys, and after the edge runs only
// the tidying half (`tidyFields`), so a rule is written once and both halves give the same message.
import type { FieldDef } from './types';

/** An error: an i18n key and its arguments. `field` is filled with the translated label by the caller. */
export interface FieldError {
  key: string;
  args?: Record<string, string | number>;
}
export type FieldErrors = Record<string, FieldError>;

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** docs/rules.md, Validation: at least 8, upper case, lower case and digits, letters and digits only. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,64}$/;
/** docs/rules.md, Validation: permission and role ids look like xxx_xxx. */
export const ID_PATTERN = '^[a-z][a-z0-9]*(_[a-z0-9]+)+$';
/** The only paths an image field holds: the ones POST /api/upload makes (server/features/uploads/index.ts), so never
 * an external URL, a `javascript:` or a `data:` address that a page would load or follow. */
export const UPLOAD_PATH_PATTERN = /^img\/\d{6}\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
/** Text with no declared maximum is still bounded, so a hostile body cannot fill the database. */
const DEFAULT_TEXT_MAX = 2000;
const JSON_MAX_CHARS = 200_000;

/** The one check that a value is a JSON object (not null, not a list): the server and the browser use it alone. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A body as a record: the edge saw to it that it is an object, and an absent body is an empty one. */
export const objectOf = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const length = (s: string) => [...s].length;

function checkLength(def: FieldDef, s: string): FieldError | undefined {
  const n = length(s);
  const max = def.max ?? DEFAULT_TEXT_MAX;
  if (def.min !== undefined && n < def.min) {
    return def.max !== undefined
      ? { key: 'vf.validation.length_between', args: { min: def.min, max: def.max } }
      : { key: 'vf.validation.min_length', args: { min: def.min } };
  }
  if (n > max) {
    return def.min !== undefined
      ? { key: 'vf.validation.length_between', args: { min: def.min, max } }
      : { key: 'vf.validation.max_length', args: { max } };
  }
  return undefined;
}

function checkRange(def: FieldDef, n: number): FieldError | undefined {
  if (def.min !== undefined && def.max !== undefined && (n < def.min || n > def.max)) {
    return { key: 'vf.validation.value_between', args: { min: def.min, max: def.max } };
  }
  if (def.min !== undefined && n < def.min) return { key: 'vf.validation.min_value', args: { min: def.min } };
  if (def.max !== undefined && n > def.max) return { key: 'vf.validation.max_value', args: { max: def.max } };
  return undefined;
}

function toInteger(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/**
 * What a value becomes once its rules are met: the same on both halves. The server's edge has met the rules (and
 * trimmed text, read a string of digits as its number: server/http/schema.ts), so the server runs only this
 * (`tidyFields`); the browser's forms run it after the rules (`checkValue`). A json field's nested `check` and its
 * size are judged here, on both halves: no JSON schema says them.
 */
export function tidyValue(def: FieldDef, v: unknown): { value?: unknown; error?: FieldError } {
  switch (def.type) {
    case 'choices':
    case 'references':
      return { value: [...new Set(v as string[])] };
    case 'datetime':
      return { value: new Date(v as string | number).toISOString() };
    case 'json':
      if (def.check) return def.check(v);
      if (JSON.stringify(v).length > JSON_MAX_CHARS) return { error: { key: 'vf.validation.too_large' } };
      return { value: v };
    default:
      return { value: v };
  }
}

/** A date a datetime field accepts: ISO-8601 text or epoch milliseconds (the edge's `x-datetime` says the same). */
export const isTime = (v: unknown) =>
  (typeof v === 'number' || typeof v === 'string') && !Number.isNaN(new Date(v).getTime());

/** Checks one present, non-empty value against its rules; returns the tidied value or an error. */
export function checkValue(def: FieldDef, v: unknown): { value?: unknown; error?: FieldError } {
  switch (def.type) {
    case 'text':
    case 'email':
    case 'image':
    case 'reference': {
      if (typeof v !== 'string') return { error: { key: 'vf.validation.type_text' } };
      const s = v.trim();
      const err = checkLength(def, s);
      if (err) return { error: err };
      if (def.type === 'email' && !EMAIL_PATTERN.test(s)) return { error: { key: 'vf.validation.email' } };
      if (def.type === 'image' && !UPLOAD_PATH_PATTERN.test(s)) return { error: { key: 'vf.securityData.image_path' } };
      if (def.pattern && !new RegExp(def.pattern).test(s)) {
        return { error: { key: def.patternMessage ?? 'vf.validation.pattern' } };
      }
      return { value: s };
    }
    case 'password': {
      if (typeof v !== 'string' || !PASSWORD_PATTERN.test(v)) return { error: { key: 'vf.validation.password' } };
      return { value: v };
    }
    case 'number':
    case 'money': {
      const n = toInteger(v);
      if (n === undefined) return { error: { key: 'vf.validation.integer' } };
      const err = checkRange(def, n);
      return err ? { error: err } : { value: n };
    }
    case 'decimal': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { error: { key: 'vf.apidocs.type_number' } };
      const err = checkRange(def, n);
      return err ? { error: err } : { value: n };
    }
    case 'boolean': {
      if (typeof v !== 'boolean') return { error: { key: 'vf.validation.type_boolean' } };
      return { value: v };
    }
    case 'choice': {
      if (typeof v !== 'string' || !def.choices?.includes(v)) {
        return { error: { key: 'vf.validation.choice', args: { choices: (def.choices ?? []).join(', ') } } };
      }
      return { value: v };
    }
    case 'choices':
    case 'references': {
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x.length === 0 || x.length > 200)) {
        return { error: { key: 'vf.validation.type_list' } };
      }
      if (def.type === 'choices' && v.some((x) => !def.choices?.includes(x))) {
        return { error: { key: 'vf.validation.choice', args: { choices: (def.choices ?? []).join(', ') } } };
      }
      const unique = tidyValue(def, v).value as string[];
      if (unique.length > (def.max ?? 500))
        return { error: { key: 'vf.validation.max_items', args: { max: def.max ?? 500 } } };
      if (def.required && unique.length === 0) return { error: { key: 'vf.validation.required' } };
      return { value: unique };
    }
    case 'datetime':
      return isTime(v) ? tidyValue(def, v) : { error: { key: 'vf.validation.datetime' } };
    case 'json':
      return !def.check && typeof v !== 'object' ? { error: { key: 'vf.validation.type_json' } } : tidyValue(def, v);
  }
}

/**
 * Validates a body against declared fields. On create, required fields must be present and defaults
 * fill the gaps; on edit, only the fields given are checked. Fields the declaration does not name, or
 * marks read-only, are dropped: a client cannot write what it was not meant to. The browser's forms run it.
 */
export function validateFields(
  fields: Record<string, FieldDef>,
  body: Record<string, unknown>,
  mode: 'create' | 'edit',
): { values: Record<string, unknown>; errors: FieldErrors } {
  return walk(fields, body, mode, true);
}

/**
 * The server's half of `validateFields`, for a body its edge schema has checked (server/crud/schema.ts states every
 * rule above; server/http/schema.ts trims text and reads digits as numbers): the values as they are stored —
 * defaults filled on create, empty values as null, lists without repeats, times as ISO text, undeclared and
 * read-only keys dropped — and the errors only of what no schema says (a json field's nested `check`, its size).
 */
export function tidyFields(
  fields: Record<string, FieldDef>,
  body: Record<string, unknown>,
  mode: 'create' | 'edit',
): { values: Record<string, unknown>; errors: FieldErrors } {
  return walk(fields, body, mode, false);
}

function walk(
  fields: Record<string, FieldDef>,
  body: Record<string, unknown>,
  mode: 'create' | 'edit',
  rules: boolean,
): { values: Record<string, unknown>; errors: FieldErrors } {
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [name, def] of Object.entries(fields)) {
    if (def.readOnly) continue;
    // A password changes only through its own call (set_password, /user/password), never by an edit.
    if (def.type === 'password' && mode === 'edit') continue;
    const present = Object.prototype.hasOwnProperty.call(body, name);
    if (mode === 'edit' && !present) continue;
    const v = present ? body[name] : undefined;
    // a nested check judges an empty value too (no properties is an empty list)
    if (def.check && present) {
      const { value, error } = def.check(v);
      if (error) errors[name] = error;
      else values[name] = value;
      continue;
    }
    if (isEmpty(v) || (Array.isArray(v) && v.length === 0 && def.required)) {
      if (def.required && (mode === 'create' || present)) {
        if (rules) errors[name] = { key: 'vf.validation.required' };
      } else if (mode === 'create' && def.default !== undefined) values[name] = def.default;
      else if (present) values[name] = def.type === 'choices' || def.type === 'references' ? [] : null;
      continue;
    }
    if (def.type === 'json' && def.fields) {
      // a declared object: its keys are fields (errors named `field.key`), any other key is dropped
      if (rules && !isObject(v)) {
        errors[name] = { key: 'vf.validation.type_json' };
        continue;
      }
      const nested = walk(def.fields, v as Record<string, unknown>, 'create', rules);
      for (const [k, e] of Object.entries(nested.errors)) errors[`${name}.${k}`] = e;
      // keys left empty are left out; an object with none is no settings at all
      const kept = Object.fromEntries(Object.entries(nested.values).filter(([, x]) => x !== null && x !== undefined));
      if (Object.keys(nested.errors).length === 0) values[name] = Object.keys(kept).length ? kept : null;
      continue;
    }
    const { value, error } = rules ? checkValue(def, v) : tidyValue(def, v);
    if (error) errors[name] = error;
    else values[name] = value;
  }
  return { values, errors };
}
