import type { Lang } from '../../resources/accounts';

/** A resource's labels in one language: react-admin reads `name` and `fields`; we add enum values and actions. */
export interface ResourceText {
  name: string;
  fields: Record<string, string>;
  /** choices.<field>.<value> */
  choices?: Record<string, Record<string, string>>;
  /** actions.<action> */
  actions?: Record<string, string>;
  [extra: string]: unknown;
}
export type ResourceLabels = Record<Lang, ResourceText>;
