// The JSON schemas of every generated route, derived from its declaration alone: what each call takes (body,
// path) and answers. One module, fed by resources/, so a new declaration is documented and checked at the edge
// the moment it is routed. The declaration's rules (presence, lengths, ranges, choices, patterns) are in the
// schemas with the message each one answers (`x-message`, `x-required`: see server/http/schema.ts), the same
// keys resources/validate.ts gives the browser's forms; the edge refuses a body that breaks one.
import {
  isSecret,
  isSortable,
  callPath,
  listableFields,
  VERSION,
  type ResourceDef,
  type ActionDef,
  type LinesDef,
} from '../../resources/types';
import { bulkVerbs } from '../../resources/bulk';
import { BULK_STATUSES, MAX_BULK_ROWS, MAX_PAGE_SIZE } from '../../resources/limits';
import { translate } from '../../i18n';
import { route, paramsOf, obj, str, int, bool, list, anyObject, type JsonSchema, type ValueOf } from '../http/schema';
import { allowedFilter } from './filters';
import { EXPORT_FORMATS } from './export';

export { fieldInput, fieldsBody, recordSchema, recordId, recordRef, recordComponent } from './fieldSchema';
import { fieldInput, recordRef } from './fieldSchema';

const nameOf = (def: ResourceDef) => {
  const label = translate('en', `resources.${def.name}.name`);
  return label.startsWith('resources.') ? def.name : label;
};

const idBody = (extra: Record<string, JsonSchema> = {}, required: string[] = []) =>
  obj<Record<string, JsonSchema>, string>({ _id: str('the record id'), ...extra }, ['_id', ...required]);

function writable(def: ResourceDef, mode: 'create' | 'edit') {
  const props: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const fields = mode === 'create' && def.idField ? { _id: def.idField, ...def.fields } : def.fields;
  for (const [name, f] of Object.entries(fields)) {
    if (f.readOnly || (f.type === 'password' && mode === 'edit')) continue;
    props[name] = fieldInput(f);
    if (f.createOnly)
      props[name] = {
        ...props[name],
        description: [props[name].description, 'given on create; never changed afterwards'].filter(Boolean).join('; '),
      };
    if (mode === 'create' && f.required) required.push(name);
  }
  return { props, required };
}

/** The filter keys a list accepts: an allow-list, like the service's (server/crud/filters.ts `allowedFilter`). */
function filterSchema(def: ResourceDef): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  if (Object.values(def.fields).some((f) => f.search && !isSecret(f)) || def.idField)
    props.q = str('free text over the searchable fields', { maxLength: 200 });
  props._id = {
    description: 'one id, or a list of ids (at most 1000)',
    type: ['string', 'array'],
    items: { type: 'string' },
  };
  for (const [name, f] of Object.entries(def.fields)) {
    const eq = allowedFilter(def, name);
    if (eq?.kind === 'eq')
      props[name] = {
        description: `equals (a list: any of)${f.type === 'choices' || f.type === 'references' ? '; for a list field, holds' : ''}`,
      };
    for (const side of ['gte', 'lte'] as const) {
      if (allowedFilter(def, `${name}_${side}`))
        props[`${name}_${side}`] = {
          description:
            side === 'gte' ? 'at least (times: ISO-8601 or epoch ms)' : 'at most (times: ISO-8601 or epoch ms)',
        };
    }
  }
  return {
    type: 'object',
    description: 'only these keys: any other is refused (400)',
    properties: props,
    additionalProperties: true,
  };
}

/** A list row of a call that named its `fields`: `_id`, `version` and those columns, each as the record has it. */
const listedRow = (): JsonSchema =>
  obj({ _id: str('the record id'), [VERSION]: int('the edit counter, as the record has it') }, ['_id', VERSION]);

function sortSchema(def: ResourceDef): JsonSchema {
  const sortable = ['_id', ...Object.keys(def.fields)].filter(
    (n, i, all) => all.indexOf(n) === i && isSortable(def, n),
  );
  return obj({ field: str(undefined, { enum: sortable }), order: str(undefined, { enum: ['ASC', 'DESC'] }) });
}

function actionBody(a: ActionDef): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(a.body ?? {})) {
    props[name] = fieldInput(f);
    if (f.required) required.push(name);
  }
  return idBody(props, required);
}

/** One line of a selection action: the row, the version it was listed with, its declared inputs (JSON numbers). */
function lineBody(spec: LinesDef): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  for (const [name, f] of Object.entries(spec.fields))
    props[name] =
      f.type === 'number' || f.type === 'money'
        ? int(spec.oneOf ? `${name} (exactly one of ${Object.keys(spec.fields).join(', ')})` : name)
        : fieldInput(f);
  return obj({ _id: str('the row'), version: int('the version the row was listed with'), ...props }, [
    '_id',
    'version',
  ]);
}

/** A bulk call's body: one of the verbs the list offers over selected rows, over 1 to MAX_BULK_ROWS ids. */
export const bulkBody = (def: ResourceDef) =>
  obj(
    {
      action: str(undefined, {
        enum: bulkVerbs(def),
        'x-message': 'vf.operator.bulk.error.action',
        'x-value': 'action',
      }),
      ids: list(str(), { minItems: 1, maxItems: MAX_BULK_ROWS, 'x-ids': true }),
      body: anyObject("the action's own fields"),
    },
    ['action', 'ids'],
  );
export type BulkBody = ValueOf<ReturnType<typeof bulkBody>>;

/** Every route schema of a declared resource, by verb (`list`, `read`, … and each action's name). */
export function resourceSchemas(def: ResourceDef) {
  const tags = [def.name];
  const record = recordRef(def);
  const name = nameOf(def);
  const at = (verb: string) => callPath(def, verb);
  const params = (verb: string) => paramsOf(at(verb));
  const op = (verb: string) => `${def.name}_${verb}`;
  const listBody = obj({
    page: { type: ['integer', 'string'], minimum: 1, description: 'from 1' },
    pageSize: { type: ['integer', 'string'], minimum: 1, maximum: MAX_PAGE_SIZE },
    sort: sortSchema(def),
    filter: filterSchema(def),
    after: { description: "a previous answer's `next`: the page after that row (keyset paging)" },
    fields: list(str(undefined, { enum: listableFields(def) }), {
      minItems: 1,
      maxItems: listableFields(def).length,
      description:
        'the columns the caller shows: each row then holds these, `_id` and `version` (and may hold more), not the whole record',
    }),
  });
  const create = writable(def, 'create');
  const edit = writable(def, 'edit');
  const schemas: Record<string, ReturnType<typeof route>> = {
    list: route({
      tags,
      summary: `List ${name}`,
      operationId: op('list'),
      body: listBody,
      data: obj(
        {
          list: {
            type: 'array',
            items: { anyOf: [record, listedRow()] },
            description: 'the records; with `fields`, the named columns of each',
          },
          total: int(),
          total_estimated: bool("the total is the planner's estimate (past 1,000 rows)"),
          next: str('a cursor: send it as `after` for the next page'),
        },
        ['list', 'total'],
      ),
    }),
    export: route({
      tags,
      summary: `Export the ${name} list`,
      operationId: op('export'),
      body: obj({
        format: str(undefined, { enum: [...EXPORT_FORMATS] }),
        filter: filterSchema(def),
        sort: sortSchema(def),
        tz: str('the IANA time zone times are written in'),
        fields: {
          type: 'array',
          items: { type: 'string' },
          maxItems: 50,
          description: 'more columns than the list shows',
        },
      }),
      raw: {
        contentType: 'application/octet-stream',
        description: 'the whole list as an .xlsx or .csv file, streamed',
        schema: { type: 'string', format: 'binary' },
      },
    }),
    read: route({ tags, summary: `Read one ${name}`, operationId: op('read'), params: params('read'), data: record }),
    add: route({
      tags,
      summary: `Create a ${name}`,
      operationId: op('add'),
      body: obj(create.props, create.required),
      data: record,
    }),
    edit: route({
      tags,
      summary: `Edit a ${name}`,
      operationId: op('edit'),
      params: params('edit'),
      body: obj({
        ...(params('edit') ? {} : { _id: str('the record id') }),
        [VERSION]: int('the version the edit is based on (optional)', { minimum: 1 }),
        ...edit.props,
      }),
      data: record,
    }),
    delete: route({
      tags,
      summary: `Delete a ${name}`,
      operationId: op('delete'),
      body: idBody(),
      data: obj({ _id: str() }, ['_id']),
    }),
    bulk: route({
      tags,
      summary: `One action over several ${name} rows`,
      operationId: op('bulk'),
      body: bulkBody(def),
      data: obj({
        done: int(),
        refused: int(),
        results: {
          type: 'array',
          items: obj({
            _id: str(),
            status: str(undefined, { enum: [...BULK_STATUSES] }),
            code: int(),
            message: str("why, in the caller's language"),
          }),
        },
      }),
    }),
  };
  for (const [action, a] of Object.entries(def.actions ?? {})) {
    if (a.lines) {
      schemas[action] = route({
        tags,
        summary: `${name}: ${action}, over selected rows, all of them or none`,
        operationId: op(action),
        body: obj({ lines: { type: 'array', items: lineBody(a.lines), minItems: 1, maxItems: a.lines.max } }, [
          'lines',
        ]),
        data: obj({ lines: { type: 'array', items: anyObject("what became of the line's row") } }, ['lines']),
      });
      continue;
    }
    schemas[action] = route({
      tags,
      summary: `${name}: ${action}`,
      operationId: op(action),
      body: actionBody(a),
      data: record,
    });
  }
  return schemas;
}
