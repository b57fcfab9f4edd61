// Threshold rules judged where the beat arrives (docs/telemetry.md "Rules"). The rules are read once per process
// and kept until some process changes one (a `cache.changed` event over the LISTEN/NOTIFY relay,
// server/events/bus.ts), so a fleet without rules pays one empty lookup in memory per beat. With rules, a batch of
// beats costs one statement that moves every (rule, robot) pair of the batch: a breach starts (or keeps) its clock,
// a value back in range starts the clock of recovery on a pair holding an alarm, and forgets a pair that holds none.
// A pair breached for its rule's minutes opens one alarm (server/features/alarms/alarms.ts openRuleAlarm); the claim of the pair's
// row decides which beat (and which process) opens it, so the alarm — and the rule's `lock` — happen once.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { onCacheChange, publishCacheChange } from '../../events/bus';
import { openRuleAlarm, clearRuleAlarm } from '../alarms/alarms';
import { METRICS, isMetric } from '../../../resources/telemetry';
import type { Telemetry } from './ingest';

export interface Rule {
  _id: string;
  name: string;
  metric: string;
  op: 'gt' | 'lt';
  threshold: number;
  for_minutes: number;
  level: 'warning' | 'error';
  lock: boolean;
  type: string | null;
  integrator: string | null;
  dealer: string | null;
  device: string | null;
}

/** A beat as the rules see it: which robot (and where it belongs) and what it measured. */
export interface JudgedBeat {
  device: string;
  type: string;
  integrator: string | null;
  dealer: string | null;
  telemetry: Telemetry;
}

/** What a rule that opened its alarm asks of the robot: `lock` (wired to the command ledger, docs/telemetry.md). */
export type LockRobot = (trx: DB, device: string, rule: Rule, value: number) => Promise<void>;

export const RULES_CACHE = 'telemetry_rule';

/** By database: a process serves one, but the tests start servers on a database each in one process
 * (docs/testing.md), and a second server must not read the first one's rules. */
let cached = new WeakMap<DB, Promise<Map<string, Rule[]>>>();
onCacheChange((c) => {
  if (c.cache === RULES_CACHE) cached = new WeakMap();
});

/** Every process forgets its rules once the caller's transaction commits (a rule was added, changed or removed). */
export const rulesChanged = (trx: DB) => publishCacheChange(RULES_CACHE, trx);

function rulesByMetric(db: DB): Promise<Map<string, Rule[]>> {
  let rules = cached.get(db);
  if (!rules) {
    const loading =
      sql<Rule>`SELECT _id, name, metric, op, threshold, for_minutes, level, lock, type, integrator, dealer, device FROM telemetry_rule`
        .execute(db)
        .then(({ rows }) => {
          const byMetric = new Map<string, Rule[]>();
          for (const r of rows)
            byMetric.set(r.metric, [...(byMetric.get(r.metric) ?? []), { ...r, threshold: Number(r.threshold) }]);
          return byMetric;
        });
    cached.set(db, loading);
    rules = loading;
    // a failed read is not kept: the next beat tries again
    loading.catch(() => {
      if (cached.get(db) === loading) cached.delete(db);
    });
  }
  return rules;
}

const covers = (r: Rule, b: JudgedBeat) =>
  (!r.integrator || r.integrator === b.integrator) &&
  (!r.dealer || r.dealer === b.dealer) &&
  (!r.type || r.type === b.type) &&
  (!r.device || r.device === b.device);

export const breaches = (r: Pick<Rule, 'op' | 'threshold'>, value: number) =>
  r.op === 'gt' ? value > r.threshold : value < r.threshold;

interface Moved {
  rule: string;
  device: string;
  breached: boolean;
  minutes: number;
  alarm: boolean;
}

/** Judges a batch of beats by the rules that cover them; opens and clears the rules' alarms their minutes call for. */
export async function judgeBeats(db: DB, beats: JudgedBeat[], lockRobot?: LockRobot): Promise<void> {
  const byMetric = await rulesByMetric(db);
  if (byMetric.size === 0) return;
  // the last reading of each (rule, robot) pair in the batch decides, as if the beats had come one by one
  const pairs = new Map<string, { rule: Rule; beat: JudgedBeat; value: number }>();
  for (const b of beats) {
    for (const [metric, value] of Object.entries(b.telemetry)) {
      for (const rule of byMetric.get(metric) ?? [])
        if (covers(rule, b)) pairs.set(`${rule._id}\u0000${b.device}`, { rule, beat: b, value });
    }
  }
  if (pairs.size === 0) return;
  const v = [...pairs.values()];
  const { rows } = await sql<Moved>`
    WITH v AS (SELECT * FROM unnest(${v.map((p) => p.rule._id)}::text[], ${v.map((p) => p.beat.device)}::text[],
                                    ${v.map((p) => breaches(p.rule, p.value))}::bool[], ${v.map((p) => p.value)}::float8[])
                 AS v(rule, device, breached, value)),
         hit AS (INSERT INTO telemetry_rule_state AS s (rule, device, breach_since, value)
                 SELECT rule, device, now(), value FROM v WHERE breached AND EXISTS (SELECT 1 FROM telemetry_rule r WHERE r._id = v.rule)
                 ON CONFLICT (rule, device) DO UPDATE SET breach_since = coalesce(s.breach_since, now()), ok_since = NULL, value = excluded.value
                 RETURNING s.rule, s.device, true AS breached, s.breach_since AS since, s.alarm),
         gone AS (DELETE FROM telemetry_rule_state s USING v WHERE NOT v.breached AND s.rule = v.rule AND s.device = v.device AND NOT s.alarm),
         back AS (UPDATE telemetry_rule_state s SET breach_since = NULL, ok_since = coalesce(s.ok_since, now()), value = v.value
                    FROM v WHERE NOT v.breached AND s.rule = v.rule AND s.device = v.device AND s.alarm
                  RETURNING s.rule, s.device, false AS breached, s.ok_since AS since, s.alarm)
    SELECT rule, device, breached, extract(epoch FROM now() - since) / 60 AS minutes, alarm FROM hit
    UNION ALL SELECT rule, device, breached, extract(epoch FROM now() - since) / 60, alarm FROM back`.execute(db);
  for (const m of rows) {
    const p = pairs.get(`${m.rule}\u0000${m.device}`);
    if (!p || Number(m.minutes) < p.rule.for_minutes) continue;
    if (m.breached && !m.alarm) await openAlarm(db, p.rule, p.beat, p.value, lockRobot);
    else if (!m.breached && m.alarm) await clearAlarm(db, p.rule, p.beat.device);
  }
}

/** Claims the pair (only one beat, in one process, gets the row) and opens the rule's alarm, and its lock. */
async function openAlarm(db: DB, rule: Rule, beat: JudgedBeat, value: number, lockRobot?: LockRobot) {
  await db.transaction().execute(async (trx) => {
    const claimed =
      await sql`UPDATE telemetry_rule_state SET alarm = true WHERE rule = ${rule._id} AND device = ${beat.device} AND NOT alarm AND breach_since IS NOT NULL RETURNING 1`.execute(
        trx,
      );
    if (!claimed.rows.length) return;
    const unit = isMetric(rule.metric) ? METRICS[rule.metric].unit : '';
    await openRuleAlarm(trx, {
      rule: rule._id,
      device: beat.device,
      integrator: beat.integrator,
      dealer: beat.dealer,
      level: rule.level,
      detail: {
        name: rule.name,
        metric: rule.metric,
        op: rule.op,
        threshold: rule.threshold,
        for_minutes: rule.for_minutes,
        value,
        unit,
        lock: rule.lock,
      },
    });
    if (rule.lock && lockRobot) await lockRobot(trx, beat.device, rule, value);
  });
}

/** Back in range for the rule's minutes: the pair is forgotten and its alarm clears (once: the row's delete decides). */
async function clearAlarm(db: DB, rule: Rule, device: string) {
  await db.transaction().execute(async (trx) => {
    const claimed =
      await sql`DELETE FROM telemetry_rule_state WHERE rule = ${rule._id} AND device = ${device} AND alarm AND ok_since IS NOT NULL RETURNING 1`.execute(
        trx,
      );
    if (claimed.rows.length) await clearRuleAlarm(trx, rule._id, device);
  });
}
