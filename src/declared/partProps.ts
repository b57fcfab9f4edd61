// What the generated screens hand a named part (a declaration's `render` or `input`), in a module of its own
// that imports nothing of the screens: the features' parts type their props with it (./parts.ts).
import type { FieldDef } from '../../resources/types';

export interface RendererProps {
  resource: string;
  source: string;
  def: FieldDef;
}

/** `label` and `alwaysOn` are given where the input stands in a list's filter bar (a field's `filter` with `input`). */
export interface InputProps {
  resource: string;
  source: string;
  label?: string;
  alwaysOn?: boolean;
}
