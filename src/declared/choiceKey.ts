/** The i18n key of a declared choice's label (i18n/resources/<name>.ts `choices.<field>.<value>`). */
export const choiceKey = (resource: string, field: string, value: string) =>
  `resources.${resource}.choices.${field}.${value}`;
