// Where the features' parts plug into the generated screens (docs/architecture.md, "The browser: parts
// plugged in"). The generic screens import no feature: the console hands them, once, a loader of the whole
// list of parts (src/parts.ts, which gathers each feature's `plug.tsx`), typed so that every name of
// resources/parts.ts has its part. The list is loaded with the first generated screen, not with the console's
// shell: a screen waits for it (./index.ts) and reads the parts here while it renders.
import type { ComponentType } from 'react';
import type { BulkButtonName, CellName, InputName, RendererName, ToolbarButtonName } from '../../resources/parts';
import type { ResourceDef } from '../../resources/types';
import type { InputProps, RendererProps } from './partProps';

/** A value that is no declared column: `label` is an i18n key (of the resource the cell stands in). */
export interface CellPart {
  label: (resource: string) => string;
  render: ComponentType;
}

/** A part handed the declaration it stands in (a button every list, or every selection, may show). */
export type DeclaredPart = ComponentType<{ def: ResourceDef }>;

/** Every part a declaration may name, under its name, and the parts every list may show. */
export interface Parts {
  renderers: Record<RendererName, ComponentType<RendererProps>>;
  inputs: Record<InputName, ComponentType<InputProps>>;
  cells: Record<CellName, CellPart>;
  toolbar: Record<ToolbarButtonName, ComponentType>;
  bulk: Record<BulkButtonName, ComponentType>;
  /** on every list's toolbar, after its saved queries: each decides from the declaration whether it shows */
  listButtons: readonly DeclaredPart[];
  /** over the selected rows of a list whose declaration has `bulkEdit` fields: asks the field and value */
  bulkEdit: DeclaredPart | undefined;
}

/** What one feature plugs in (its `plug.tsx`): some of the names, each part under a name of resources/parts.ts. */
export interface FeatureParts {
  renderers?: Partial<Parts['renderers']>;
  inputs?: Partial<Parts['inputs']>;
  cells?: Partial<Parts['cells']>;
  toolbar?: Partial<Parts['toolbar']>;
  bulk?: Partial<Parts['bulk']>;
  listButtons?: readonly DeclaredPart[];
  bulkEdit?: DeclaredPart;
}

type Named = 'renderers' | 'inputs' | 'cells' | 'toolbar' | 'bulk';
/** The names a list of features' parts holds of one kind. */
type NamesIn<L extends readonly FeatureParts[], K extends Named> = L[number] extends infer F
  ? F extends { [P in K]?: infer M }
    ? keyof M
    : never
  : never;
/** The features' parts together: a map of each kind holds the names of all of them (which `Parts` checks). */
export type Gathered<L extends readonly FeatureParts[]> = {
  [K in Named]: Record<NamesIn<L, K>, NonNullable<Parts[K]>[keyof Parts[K]]>;
} & Pick<Parts, 'listButtons' | 'bulkEdit'>;

/**
 * The features' parts as one: a name two features both plug in is a mistake (which one would show depends on
 * the list's order), and so is a second `bulkEdit`.
 */
export function gatherParts<const L extends readonly FeatureParts[]>(features: L): Gathered<L> {
  const out = { renderers: {}, inputs: {}, cells: {}, toolbar: {}, bulk: {}, listButtons: [], bulkEdit: undefined };
  const maps: Record<Named, Record<string, unknown>> = out;
  const listButtons: DeclaredPart[] = out.listButtons;
  let bulkEdit: DeclaredPart | undefined;
  for (const f of features) {
    for (const kind of ['renderers', 'inputs', 'cells', 'toolbar', 'bulk'] as const) {
      for (const [name, part] of Object.entries(f[kind] ?? {})) {
        if (name in maps[kind]) throw new Error(`${kind} '${name}' is plugged in twice`);
        maps[kind][name] = part;
      }
    }
    listButtons.push(...(f.listButtons ?? []));
    if (f.bulkEdit && bulkEdit) throw new Error('bulkEdit is plugged in twice');
    bulkEdit ??= f.bulkEdit;
  }
  return { ...out, bulkEdit } as unknown as Gathered<L>;
}

const NONE: Parts = {
  renderers: {} as Parts['renderers'],
  inputs: {} as Parts['inputs'],
  cells: {} as Parts['cells'],
  toolbar: {} as Parts['toolbar'],
  bulk: {} as Parts['bulk'],
  listButtons: [],
  bulkEdit: undefined,
};

let load: (() => Promise<Parts>) | undefined;
let loading: Promise<Parts> | undefined;
let plugged: Parts | undefined;

/** The console plugs the list of parts in (src/App.tsx): loaded when a generated screen first asks for it. */
export function plugParts(loader: () => Promise<Parts>): void {
  load = loader;
  loading = undefined;
  plugged = undefined;
}

/** The parts, once loaded (a generated screen awaits this before it renders). */
export function partsReady(): Promise<Parts> {
  loading ??= (load?.() ?? Promise.resolve(NONE)).then((p) => (plugged = p));
  return loading;
}

/**
 * The parts a screen renders with. Before any are plugged in (a screen rendered on its own, as in a unit test),
 * none: a field shows by its type, and no named button shows.
 */
function parts(): Parts {
  return plugged ?? NONE;
}

export const rendererOf = (name: RendererName | undefined) => (name ? parts().renderers[name] : undefined);
export const inputOf = (name: InputName | undefined) => (name ? parts().inputs[name] : undefined);
/** A cell by name; a list's card asks with any of its names, a field's or a cell's. */
export const cellOf = (name: string): CellPart | undefined => {
  const cells = parts().cells;
  return Object.hasOwn(cells, name) ? cells[name as CellName] : undefined;
};
export const toolbarButtonOf = (name: ToolbarButtonName) => parts().toolbar[name];
export const bulkButtonOf = (name: BulkButtonName) => parts().bulk[name];
export const listButtons = () => parts().listButtons;
export const bulkEditButton = () => parts().bulkEdit;
