// Message lookup and polyglot-style interpolation, for the server and for tests. The browser uses
// ra-i18n-polyglot over the same trees, so both halves say the same thing.
export type MessageTree = { [key: string]: string | MessageTree };
export type Args = Record<string, string | number | undefined>;

export function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `%{name}` placeholders; `one |||| many` picks by smart_count, as polyglot does for English. */
export function interpolate(text: string, args: Record<string, unknown> = {}): string {
  let s = text;
  if (s.includes('||||')) {
    const forms = s.split('||||').map((f) => f.trim());
    const n = Number(args.smart_count ?? 1);
    s = n === 1 ? forms[0] : (forms[1] ?? forms[0]);
  }
  return s.replace(/%\{(\w+)\}/g, (m, name: string) => (args[name] === undefined ? m : String(args[name])));
}

export function makeTranslator(tree: MessageTree) {
  // Accepts react-admin's looser argument type, so the layout can take either translator.
  return (key: string, args?: Record<string, unknown>): string => {
    const text = lookup(tree, key);
    return text === undefined ? key : interpolate(text, args);
  };
}

/** Every leaf key of a tree, dotted; the completeness test compares these across languages. */
export function flattenKeys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flattenKeys(v, `${prefix}${k}.`),
  );
}

/** `b` laid over `a`, branch by branch (features add keys under `vf` without replacing it). */
export function mergeTrees(a: MessageTree, b: MessageTree): MessageTree {
  const out: MessageTree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof v !== 'string' && prev !== undefined && typeof prev !== 'string' ? mergeTrees(prev, v) : v;
  }
  return out;
}
