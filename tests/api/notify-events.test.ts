// Policy events (docs/notifications.md "Policy events"): a campaign aborted, a webhook paused, a second factor held
// and a store's daily visit plan, each published by the feature it happens in and sent through a brand's policies
// that select it — the alarms' path: the delivery queue, the channel's language, the delivery log. Against a real
// SMTP server (smtp-server) on 127.0.0.1. On PGlite, and on PostgreSQL with DATABASE_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { generate } from 'otplib';
import type { TestServer } from '../support/server';
import { addChannel, addPolicy, addRobot, startNotifyWorld, type NotifyWorld } from '../support/notify';
import { campaignTick } from '../../server/features/campaigns';
import { dailyPlans } from '../../server/features/forecast/daily';
import { DEMO_PASSWORD } from '../../server/db/seed';

process.env.WEBHOOK_ALLOW_LOCAL = '1';
process.env.WEBHOOK_RETRY_LIMIT = '0';
process.env.WEBHOOK_PAUSE_AFTER = '2';
process.env.NOTIFY_RETRY_DELAY_SECONDS = '1';
process.env.PUBLIC_URL = 'https://console.example.com';
// the campaigns move only when this file ticks them
process.env.CAMPAIGN_TICK_SECONDS = '0';
// every store's plan of the day is due whatever the hour on its clock
process.env.VISIT_PLAN_HOUR = '0';
// the second factor's guesses come from an address of their own
process.env.TRUST_PROXY = '1';

const WAIT = { timeout: 20_000, interval: 100 };
const waitFor = <T>(fn: () => Promise<T> | T) => vi.waitFor(fn, WAIT);

let w: NotifyWorld;
let s: TestServer;
let smtp: NotifyWorld['smtp'];
let admin: string;
let brandA: string;
let brandB: string;
let n = 0;

beforeAll(async () => {
  w = await startNotifyWorld();
  ({ s, smtp, admin, brandA, brandB } = w);
});
afterAll(() => w?.close());

const channel = async (name: string, target: string, token = brandA, language = 'en') =>
  (await addChannel(s, token, { name, kind: 'email', target, language }))._id;

/** A policy of events only (no alarm levels) sending them to one channel at once. */
const policy = async (events: string[], channelId: string, token = brandA, extra: object = {}) =>
  (
    await addPolicy(s, token, {
      name: `Events ${++n}`,
      events,
      tiers: [{ after_minutes: 0, channels: [channelId] }],
      ...extra,
    })
  )._id;

const rowsOf = async (policyId: string) =>
  (
    await sql<{ kind: string; event: string; state: string; alarm: string | null; record: string }>`
      SELECT kind, event, state, alarm, record FROM notification WHERE policy = ${policyId}`.execute(s.db)
  ).rows;

interface Robot {
  _id: string;
  name: string;
  beat(): Promise<Array<{ id: string; command: string }>>;
  ack(id: string, status: 'ok' | 'failed'): Promise<number>;
  notify(code: number): Promise<void>;
}

async function robot(dealer = 'store_a1'): Promise<Robot> {
  const device_id = `NEV-${String(++n).padStart(4, '0')}`;
  const name = `Event Bot ${n}`;
  const { _id, headers } = await addRobot(s, admin, { device_id, name, sn: `SN-E${n}`, type: 'coffee', dealer });
  return {
    _id,
    name,
    beat: async () => {
      const b = await s.call('POST', '/device-gateway/heartbeat', { headers, body: {} });
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      return b.body.data.commands;
    },
    ack: async (id, status) =>
      (await s.call('POST', '/device-gateway/command/ack', { headers, body: { id, status } })).status,
    notify: async (code) => {
      const a = await s.call('POST', '/device-gateway/notify', { headers, body: { code } });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
    },
  };
}

describe('policy form', () => {
  it('refuses a policy with neither alarm levels nor events, with a translated 400 and nothing stored', async () => {
    const c = await channel('Nothing', 'nothing@example.com');
    const r = await s.call('POST', '/notify_policy/add', {
      token: brandA,
      lang: 'es',
      body: { name: 'Empty policy', tiers: [{ after_minutes: 0, channels: [c] }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors?.levels).toBe(
      'Elija niveles de alarma, eventos o ambos: una política sin ninguno no envía nada',
    );
    expect(await s.db.selectFrom('notify_policy').select('_id').where('name', '=', 'Empty policy').execute()).toEqual(
      [],
    );
  });
});

describe('campaign aborted', () => {
  it('e-mails the brand’s policies that select it, in the channel’s language, and not another brand’s', async () => {
    const mine = await channel('Fleet leads', 'leads-a@example.com', brandA, 'es');
    const theirs = await channel('Fleet leads B', 'leads-b@example.com', brandB);
    const selecting = await policy(['campaign_aborted'], mine);
    const other = await policy(['campaign_aborted'], theirs, brandB);
    // a policy of brand A that does not select the event hears nothing of it
    const notSelecting = await policy(['webhook_paused'], mine);
    const robots = await Promise.all([robot(), robot(), robot()]);
    const name = `Clean run ${n}`;
    const created = await s.call('POST', '/campaign/add', {
      token: admin,
      body: {
        name,
        command: 'clean',
        target: { devices: robots.map((r) => r._id) },
        rate_per_minute: 100,
        abort: { failed_percent: 50, min_outcomes: 2 },
        integrator: 'brand_a',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data._id as string;
    expect((await s.call('POST', '/campaign/start', { token: admin, body: { _id: id } })).status).toBe(200);
    const t0 = new Date();
    await campaignTick(s.db, t0);
    for (const r of robots) for (const c of await r.beat()) expect(await r.ack(c.id, 'failed')).toBe(200);
    await campaignTick(s.db, new Date(t0.getTime() + 6_000));
    const state = await s.db.selectFrom('campaign').select('state').where('_id', '=', id).executeTakeFirstOrThrow();
    expect(state.state).toBe('aborted');
    const [m] = await waitFor(() => {
      const got = smtp.to('leads-a@example.com');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(m.subject).toBe(`Campaña abortada: ${name}`);
    expect(m.text).toMatch(/\d+ fallos de \d+ resultados/);
    expect(m.text).toContain(`https://console.example.com/campaign/${id}/show`);
    expect(m.html).toContain('<h2');
    await waitFor(async () =>
      expect(await rowsOf(selecting)).toEqual([
        { kind: 'event', event: 'campaign_aborted', state: 'sent', alarm: null, record: id },
      ]),
    );
    expect(await rowsOf(other)).toEqual([]);
    expect(await rowsOf(notSelecting)).toEqual([]);
    expect(smtp.to('leads-b@example.com')).toEqual([]);
    // the brand's Notifications list shows it: kind and event, its subject
    const list = await s.call('POST', '/notification/list', {
      token: brandA,
      body: { filter: { kind: 'event', event: 'campaign_aborted' } },
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.list.map((r: Record<string, unknown>) => [r.kind, r.event, r.subject])).toEqual([
      ['event', 'campaign_aborted', m.subject],
    ]);
    // another brand does not see it
    const b = await s.call('POST', '/notification/list', { token: brandB, body: { filter: { kind: 'event' } } });
    expect(b.body.data.list.filter((r: Record<string, unknown>) => r.event === 'campaign_aborted')).toEqual([]);
  });
});

describe('webhook paused', () => {
  it('tells the brand’s policies when an endpoint is paused after failing, naming its host only', async () => {
    const rx = http.createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', () => r()));
    try {
      const c = await channel('Integrations', 'integrations-a@example.com');
      const p = await policy(['webhook_paused'], c);
      const port = (rx.address() as AddressInfo).port;
      const w = await s.call('POST', '/webhook/add', {
        token: brandA,
        body: { url: `http://127.0.0.1:${port}/hook?key=secret-key`, events: ['alarm_opened'] },
      });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      const hook = w.body.data._id as string;
      const r = await robot();
      // two alarms, two failed deliveries: WEBHOOK_PAUSE_AFTER (2) pause it
      await r.notify(22);
      await waitFor(async () =>
        expect(
          (await s.db.selectFrom('webhook_delivery').select('_id').where('webhook', '=', hook).execute()).length,
        ).toBeGreaterThanOrEqual(1),
      );
      await r.notify(23);
      const [m] = await waitFor(() => {
        const got = smtp.to('integrations-a@example.com');
        expect(got).toHaveLength(1);
        return got;
      });
      expect(m.subject).toBe(`Webhook paused: 127.0.0.1:${port}`);
      expect(m.text).toContain('failed 2 times in a row and is paused');
      expect(m.text).toContain(`https://console.example.com/webhook/${hook}/show`);
      expect(m.text).not.toContain('secret-key');
      // the mail reaches the SMTP server before the outbox row says so (its state is written once the send returns)
      await waitFor(async () =>
        expect((await rowsOf(p)).map((x) => [x.event, x.state])).toEqual([['webhook_paused', 'sent']]),
      );
    } finally {
      rx.close();
    }
  });
});

describe('second factor held', () => {
  it('tells the account’s brand’s policies selecting it, not another brand’s', async () => {
    const c = await channel('Security', 'security-a@example.com');
    const p = await policy(['second_factor_held'], c);
    const b = await channel('Security B', 'security-b@example.com', brandB);
    const other = await policy(['second_factor_held'], b, brandB);
    const made = await s.call('POST', '/user/add', {
      token: admin,
      body: { _id: 'brand-a-guarded', password: DEMO_PASSWORD, account_type: 'INTEGRATOR', integrator: 'brand_a' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const token = await s.login('brand-a-guarded');
    const setup = await s.call('POST', '/user/totp/setup', { token });
    const secret = setup.body.data.secret as string;
    const on = await s.call('POST', '/user/totp/enable', {
      token,
      body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const headers = { 'X-Forwarded-For': '203.0.113.77' };
    // two sign-ins of five wrong codes each fill the account's bound: its second step is held
    let last = 0;
    for (let round = 0; round < 2; round++) {
      const r = await s.call('POST', '/auth/signin', {
        headers,
        body: { username: 'brand-a-guarded', password: DEMO_PASSWORD },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      for (let i = 0; i < 5; i++)
        last = (
          await s.call('POST', '/auth/totp', {
            headers,
            body: { challenge: r.body.data.challenge, code: String(300000 + round * 10 + i) },
          })
        ).status;
    }
    expect(last).toBe(429);
    const [m] = await waitFor(() => {
      const got = smtp.to('security-a@example.com');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(m.subject).toBe('[Security] Sign-in held: brand-a-guarded');
    expect(m.text).toContain('entered 10 wrong second-factor codes in a row');
    // as above: the row's state follows the mail
    await waitFor(async () =>
      expect((await rowsOf(p)).map((x) => [x.event, x.state])).toEqual([['second_factor_held', 'sent']]),
    );
    expect(await rowsOf(other)).toEqual([]);
    expect(smtp.to('security-b@example.com')).toEqual([]);
  });
});

describe('daily visit plan', () => {
  it('e-mails each store’s plan of the day to the store’s policy once, even when the job runs twice', async () => {
    const c = await channel('Restockers A1', 'restock-a1@example.com', brandA, 'zh');
    const p = await policy(['visit_plan_daily'], c, brandA, { dealers: ['store_a1'] });
    // a robot of Store A1 with an error alarm must be visited
    const r = await robot('store_a1');
    await r.notify(22);
    // the day may have been made at start, before the policy existed: made again here
    await sql`DELETE FROM visit_plan_day WHERE dealer = 'store_a1'`.execute(s.db);
    const made = await Promise.all([dailyPlans(s.db), dailyPlans(s.db)]);
    expect(made.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await dailyPlans(s.db)).toBe(0);
    const [m] = await waitFor(() => {
      const got = smtp.to('restock-a1@example.com');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(m.subject).toMatch(/^\d{4}-\d{2}-\d{2} 巡店计划：Store A1，\d+ 台机器人$/);
    expect(m.text).toContain(`${r.name} — 错误告警`);
    expect(m.text).toContain('https://console.example.com/visit-plan');
    const rows = await rowsOf(p);
    expect(rows.map((x) => [x.event, x.record.startsWith('store_a1/')])).toEqual([['visit_plan_daily', true]]);
    // and again a while later: still one
    await new Promise((res) => setTimeout(res, 1500));
    await dailyPlans(s.db);
    expect(smtp.to('restock-a1@example.com')).toHaveLength(1);
    expect(await rowsOf(p)).toHaveLength(1);
  });
});
