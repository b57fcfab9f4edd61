// Form-level validation with the very function the server runs, so both give the same message.
import { subLabel, type ResourceDef } from '../../resources/types';
import { validateFields } from '../../resources/validate';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Values of fields whose `when` condition does not hold are sent as null. On edit, `stored` is the record as
 * loaded: a create-only field is a disabled input, which the form leaves out of what it submits, so its
 * condition is judged by the stored value, as the server judges it (the row as stored, create-only fields
 * unchangeable), not by its absence.
 */
export function dropHidden(
  def: ResourceDef,
  values: Record<string, unknown>,
  stored?: Record<string, unknown>,
): Record<string, unknown> {
  const judged: Record<string, unknown> = { ...stored, ...values };
  for (const [name, f] of Object.entries(def.fields))
    if (f.createOnly && stored && name in stored) judged[name] = stored[name];
  const out = { ...values };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.when && !f.when.values.includes(judged[f.when.field] as string)) out[name] = null;
  }
  return out;
}

export function formValidator(def: ResourceDef, mode: 'create' | 'edit', translate: Translate) {
  const fields = mode === 'create' && def.idField ? { _id: def.idField, ...def.fields } : def.fields;
  const visible = Object.fromEntries(Object.entries(fields).filter(([, f]) => !f.hideInForm));
  return (values: Record<string, unknown>) => {
    const shown = dropHidden(def, values);
    const active = Object.fromEntries(
      Object.entries(visible).filter(([, f]) => !f.when || f.when.values.includes(shown[f.when.field] as string)),
    );
    const { errors } = validateFields(active, shown, mode);
    const out: Record<string, unknown> = {};
    for (const [field, e] of Object.entries(errors)) {
      // a key of a declared JSON object (`pay_info.merchant_id`): the form holds its error nested, as its value
      const [head, sub] = field.split('.', 2);
      const name =
        sub === undefined
          ? translate(`resources.${def.name}.fields.${field}`)
          : translate(subLabel(def.name, head, sub));
      const message = translate(e.key, { ...e.args, field: name });
      if (sub === undefined) out[field] = message;
      else out[head] = { ...(out[head] as object), [sub]: message };
    }
    return out;
  };
}
