// Start-up: every permission a declaration names exists, without a migration. A missing one is created with
// its group and its display name (in English, the language of the stored names; the four-language label is
// built from the words, see permissionLabel) and, in the same statement, given to the administrator roles of
// the account types the declaration's `grant` names. Only the process that creates it grants it, and only
// then: a permission that already exists is left as it is, so what an administrator changed later (a role
// without it, another name) is never overridden, and concurrent starts cannot grant twice.
import { sql } from 'kysely';
import type { DB } from '../db';
import type { ResourceDef } from '../../resources/types';
import { DEFAULT_ROLE, type Lang } from '../../resources/accounts';
import { declaredPermissions, type DeclaredPermission } from '../../resources/permissions';
import { translate } from '../../i18n';

/** "Store: Close store", "门店：列表" — the resource's name and what the permission allows, in one language. */
export function permissionLabel(p: DeclaredPermission, lang: Lang): string {
  const resource = translate(lang, `resources.${p.resource}.name`, { smart_count: 1 });
  const what = p.action
    ? translate(lang, `resources.${p.resource}.actions.${p.action}`)
    : translate(lang, `vf.schema.verb.${p.verb}`);
  return translate(lang, 'vf.schema.permission', { resource, what });
}

/** Creates the declared permissions that do not exist yet and applies their grants; answers the ids created. */
export async function createDeclaredPermissions(db: DB, resources: readonly ResourceDef[]): Promise<string[]> {
  const declared = declaredPermissions(resources);
  if (!declared.length) return [];
  const rows = declared.map((p) => ({ id: p.id, name: permissionLabel(p, 'en'), group: p.group }));
  const grants = declared.flatMap((p) =>
    p.grant.filter((t) => t !== 'SUPER').map((t) => ({ role: DEFAULT_ROLE[t], id: p.id })),
  );
  const created = await sql<{ _id: string }>`
    WITH wanted AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS w(id text, name text, "group" text)
    ), created AS (
      INSERT INTO permission (_id, display_name, "group") SELECT id, name, "group" FROM wanted
      ON CONFLICT (_id) DO NOTHING RETURNING _id
    ), granted AS (
      SELECT g.role, array_agg(g.id ORDER BY g.id) AS ids
      FROM jsonb_to_recordset(${JSON.stringify(grants)}::jsonb) AS g(role text, id text) JOIN created c ON c._id = g.id
      GROUP BY g.role
    ), updated AS (
      UPDATE role r SET authorizations = r.authorizations || ARRAY(SELECT x FROM unnest(granted.ids) x WHERE NOT x = ANY (r.authorizations)),
        version = r.version + 1
      FROM granted WHERE r._id = granted.role
      RETURNING r._id
    )
    SELECT _id FROM created`.execute(db);
  return created.rows.map((r) => r._id);
}
