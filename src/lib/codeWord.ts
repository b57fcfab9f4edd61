// Stored codes shown to a person in words (issue: no raw code on a page), in the reader's language.

/**
 * A code a robot reports as free text (a work status "fault 22", a pay type "UNIONPAY") in words: its label
 * where the code is known (`choices.<field>.<code>`), a known code followed by a number as its label and the
 * number ("Fault 22"), and a code nobody named yet as words made of it ("SOME_CODE" → "Some code"), never bare.
 */
export function codeWord(
  translate: (k: string, o?: object) => string,
  resource: string,
  field: string,
  raw: unknown,
): string {
  if (raw == null || raw === '') return '';
  const v = String(raw).trim();
  const known = (code: string) => {
    const key = `resources.${resource}.choices.${field}.${code}`;
    const label = translate(key, { _: key });
    return label === key ? null : label;
  };
  const exact = known(v) ?? known(v.toLowerCase()) ?? known(v.toUpperCase());
  if (exact) return exact;
  const numbered = /^(.*?[^\d\s_:#-])[\s_:#-]*(\d+)$/.exec(v);
  if (numbered) {
    const [, code, n] = numbered;
    const word = known(code) ?? known(code.toLowerCase()) ?? known(code.toUpperCase());
    if (word) return `${word} ${n}`;
  }
  const words = v.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
