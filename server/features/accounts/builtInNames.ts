// The built-in roles and authorizations are named in the caller's language (issue 19): the rows carry their
// shipped English names, which are said from i18n/features/walk.ts while a row still carries them. A row
// renamed by its owner keeps the name it was given, in every language.
import { translate } from '../../../i18n';
import type { Lang } from '../../../resources/accounts';
import type { Row } from '../../crud/hooks';

type Kind = 'role' | 'permission';

const keyOf = (kind: Kind, id: unknown) => `vf.walk.${kind}.${String(id)}`;

/** The shipped English name of a built-in row, or undefined for a row added later. */
function shippedName(kind: Kind, id: unknown): string | undefined {
  const key = keyOf(kind, id);
  const en = translate('en', key);
  return en === key ? undefined : en;
}

/** Rows on their way out: a built-in name is said in the caller's language. */
export function nameBuiltIns<R extends { _id?: unknown; display_name?: unknown }>(
  kind: Kind,
  rows: R[],
  lang: Lang,
): R[] {
  for (const r of rows) {
    if (r.display_name !== undefined && r.display_name === shippedName(kind, r._id))
      r.display_name = translate(lang, keyOf(kind, r._id));
  }
  return rows;
}

/** A row on its way in: a form that sends back the built-in name as it was shown (in the caller's language)
 * leaves the shipped name in place, so that saving another field does not fix the name in one language. */
export function keepBuiltInName(kind: Kind, id: unknown, values: Row, lang: Lang) {
  const shipped = shippedName(kind, id);
  if (
    shipped !== undefined &&
    typeof values.display_name === 'string' &&
    values.display_name === translate(lang, keyOf(kind, id))
  )
    values.display_name = shipped;
}
