// Form validation of a product or template: the shared field rules, then the nested properties as the server
// checks them (the same function, so the form and the server give the same positioned message).
import type { ResourceDef } from '../../resources/types';
import { checkProperties } from '../../resources/product';
import { formValidator } from '../generated/form';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function catalogValidator(def: ResourceDef, mode: 'create' | 'edit', translate: Translate) {
  const fields = formValidator(def, mode, translate);
  return (values: Record<string, unknown>) => {
    const errors: Record<string, unknown> = fields(values);
    const { error } = checkProperties(values.properties);
    if (error) errors.properties = translate(error.key, error.args);
    return errors;
  };
}
