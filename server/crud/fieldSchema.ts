// A declared field as JSON schema — what a client sends (with its rules and their messages) and what an answer
// holds — and a record as every call answers it. The route schemas of server/crud/schema.ts are made of these.
import { fieldOf, readableColumns, VERSION, type FieldDef, type ResourceDef } from '../../resources/types';
import { EMAIL_PATTERN, PASSWORD_PATTERN, UPLOAD_PATH_PATTERN } from '../../resources/validate';
import { obj, str, int, num, bool, nullable, time, DIGITS, type JsonSchema } from '../http/schema';
/** Text with no declared maximum is still bounded (resources/validate.ts). */
const DEFAULT_TEXT_MAX = 2000;

/** A field as a client sends it: its type, its rules, and null or blanks where an optional field may be cleared
 * (`x-clearable`; a required one must hold a value when sent: `x-required`). */
export function fieldInput(f: FieldDef): JsonSchema {
  const s = fieldOutput(f, 'in');
  return f.required ? { ...s, 'x-required': true } : { ...nullable(s), 'x-clearable': true };
}

function fieldOutput(f: FieldDef, dir: 'in' | 'out'): JsonSchema {
  switch (f.type) {
    case 'text':
    case 'email':
    case 'image':
    case 'reference': {
      const pattern =
        f.type === 'email'
          ? { pattern: EMAIL_PATTERN.source, 'x-message': 'vf.validation.email' }
          : f.type === 'image'
            ? { pattern: UPLOAD_PATH_PATTERN.source, 'x-message': 'vf.securityData.image_path' }
            : f.pattern
              ? { pattern: f.pattern, ...(f.patternMessage ? { 'x-message': f.patternMessage } : {}) }
              : {};
      // text is trimmed before its rules are judged (`x-trim`), as the form trims it
      const rules: JsonSchema =
        dir === 'in'
          ? {
              maxLength: f.max ?? DEFAULT_TEXT_MAX,
              ...(f.min !== undefined ? { minLength: f.min } : {}),
              ...pattern,
              'x-trim': true,
            }
          : {};
      const what =
        f.type === 'reference'
          ? `the _id of a ${f.reference}`
          : f.type === 'image'
            ? 'the path POST /api/upload answered'
            : undefined;
      return str(what, { ...rules, ...(f.type === 'email' ? { format: 'email' } : {}) });
    }
    case 'password':
      return str('8 to 64 letters and digits, with upper case, lower case and a digit', {
        writeOnly: true,
        minLength: 8,
        maxLength: 64,
        pattern: PASSWORD_PATTERN.source,
        'x-message': 'vf.validation.password',
      });
    case 'number':
    case 'money': {
      const what = f.type === 'money' ? 'integer cents' : 'an integer';
      const range = {
        ...(f.min !== undefined ? { minimum: f.min } : {}),
        ...(f.max !== undefined ? { maximum: f.max } : {}),
      };
      // a string of digits is read as the number it spells (forms send what was typed), then its range judged
      return dir === 'in'
        ? {
            type: ['integer', 'string'],
            description: `${what} (a string of digits is read as one)`,
            ...range,
            pattern: DIGITS,
            'x-message': 'vf.validation.integer',
            'x-digits': true,
          }
        : f.fraction
          ? num('a number, not necessarily whole', range)
          : int(what, range);
    }
    case 'decimal': {
      const range = {
        ...(f.min !== undefined ? { minimum: f.min } : {}),
        ...(f.max !== undefined ? { maximum: f.max } : {}),
      };
      return { type: 'number', description: 'a number (a fraction allowed)', ...range };
    }
    case 'boolean':
      return bool();
    case 'choice':
      return str(undefined, { enum: [...(f.choices ?? [])] });
    case 'choices':
      return {
        type: 'array',
        items: str(undefined, { enum: [...(f.choices ?? [])] }),
        ...(dir === 'in' ? { maxItems: f.max ?? 500 } : {}),
      };
    case 'references':
      return {
        type: 'array',
        items: str(`the _id of a ${f.reference}`),
        ...(dir === 'in' ? { maxItems: f.max ?? 500, 'x-ids': true } : {}),
      };
    case 'datetime':
      return dir === 'in'
        ? { type: ['string', 'integer'], description: 'ISO-8601 time, or epoch milliseconds', 'x-datetime': true }
        : time;
    case 'json':
      if (dir === 'out') return jsonOutput(f);
      // a declared object: its keys are fields, with their rules (other keys are dropped on the way in)
      return f.fields ? fieldsBody(f.fields, 'create') : { type: ['object', 'array'], description: 'JSON' };
  }
}

/** A JSON field as answered: its declared keys (each may have been cleared), one of its declared shapes, or any
 * JSON value (`{}`) where the declaration does not know it (a log's before and after, an alarm's detail). */
function jsonOutput(f: FieldDef): JsonSchema {
  const keys = (fields: Record<string, FieldDef>) =>
    obj(
      Object.fromEntries(
        Object.entries(fields).map(([k, sub]) => [
          k,
          sub.required ? fieldOutput(sub, 'out') : nullable(fieldOutput(sub, 'out')),
        ]),
      ),
    );
  if (f.fields) return keys(f.fields);
  if (f.shapes) {
    // shapes alike (the commands without parameters) are one
    const distinct = [...new Map(Object.values(f.shapes).map((s) => [JSON.stringify(keys(s)), keys(s)])).values()];
    return distinct.length === 1 ? distinct[0] : { anyOf: distinct };
  }
  return { description: 'any JSON value' };
}

/** Declared fields as an object's properties (`create`: the required ones must be there). */
export function fieldsBody(
  fields: Record<string, FieldDef>,
  mode: 'create' | 'edit',
  extra: Record<string, JsonSchema> = {},
) {
  const props: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(fields)) {
    props[name] = fieldInput(f);
    if (mode === 'create' && f.required) required.push(name);
  }
  return obj({ ...props, ...extra }, required);
}

/** A record as every call answers it: its readable columns (never a secret), null where the column may be. */
export function recordSchema(def: ResourceDef): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  // every readable column is in every answer; those the database keeps filled are always there with a value
  const required = ['_id'];
  for (const c of readableColumns(def)) {
    const f = fieldOf(def, c);
    if (c === '_id') props._id = str('the record id');
    else if (c === VERSION)
      props[VERSION] = int(
        'the edit counter: send it back with an edit, which is refused (409, reason `stale`) when the record has moved on',
      );
    // a column the database keeps filled (`notNull`) is never null in an answer; any other may be
    else if (f?.notNull) {
      props[c] = fieldOutput(f, 'out');
      required.push(c);
    } else if (f) props[c] = nullable(fieldOutput(f, 'out'));
    else props[c] = nullable(str(`the _id of a ${c}`));
  }
  return obj(props, required);
}

/** A record's schema is published once, as a component, and referred to by every call that answers it. */
export const recordId = (def: ResourceDef) => `Record_${def.name}`;
export const recordRef = (def: ResourceDef): JsonSchema => ({ $ref: `${recordId(def)}#` });
export const recordComponent = (def: ResourceDef): JsonSchema => ({ $id: recordId(def), ...recordSchema(def) });
