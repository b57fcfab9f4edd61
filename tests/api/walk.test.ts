// Server halves of the defects an operator met walking every screen.
import { findResource } from '../../resources';
import { callPath } from '../../resources/types';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.close());

describe('editing a brand account', () => {
  it('names the account type in the caller language when the brand is taken away', async () => {
    const r = await s.call('POST', '/user/profile/brand-b', {
      token: admin,
      lang: 'es',
      body: { nickname: 'B', integrator: null },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Una cuenta de tipo Marca necesita Marca');
    const zh = await s.call('POST', '/user/profile/store-b1', { token: admin, lang: 'zh', body: { dealer: null } });
    expect(zh.body.message).toContain('门店类型的账号');
    expect(zh.body.message).not.toContain('DEALER');
    const kept = await s.db
      .selectFrom('account')
      .select(['nickname', 'integrator'])
      .where('_id', '=', 'brand-b')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ nickname: 'Brand B manager', integrator: 'brand_b' });
  });
});

describe('built-in roles and authorizations are named in the caller language', () => {
  const path = (name: string, verb: string) => callPath(findResource(name)!, verb);
  const names = (rows: Array<{ _id: string; display_name: string }>) =>
    Object.fromEntries(rows.map((r) => [r._id, r.display_name]));

  it('in lists, reads, the profile and the permission map; a renamed role keeps its own name', async () => {
    const roles = await s.call('POST', path('role', 'list'), {
      token: admin,
      lang: 'es',
      body: { page: 1, pageSize: 50 },
    });
    expect(names(roles.body.data.list)).toMatchObject({
      dealer_admin: 'Encargado de tienda',
      integrator_admin: 'Administrador de marca',
    });
    const auths = await s.call('POST', path('authorization', 'list'), {
      token: admin,
      lang: 'zh',
      body: { page: 1, pageSize: 100 },
    });
    expect(names(auths.body.data.list)).toMatchObject({ device_list: '机器人列表', refund_approve: '审批退款' });
    const one = await s.call('GET', path('role', 'read').replace(':id', 'dealer_admin'), { token: admin, lang: 'ja' });
    expect(one.body.data.display_name).toBe('店舗マネージャー');
    const store = await s.login('store-a1');
    const profile = await s.call('GET', '/user/profile', { token: store, lang: 'es' });
    expect(profile.body.data.roles_detail).toEqual([{ _id: 'dealer_admin', display_name: 'Encargado de tienda' }]);
    expect(names(profile.body.data.authorizations_detail)).toMatchObject({ order_list: 'Lista de pedidos' });
    const map = await s.call('GET', '/auth/authorization/shortlist', { token: store, lang: 'ja' });
    expect(map.body.data.authorizations.alarm_ack).toBe('アラームの確認');

    // saving the form as shown (in Spanish) leaves the shipped name, so English callers still read English
    const kept = await s.call('POST', path('role', 'edit').replace(':id', 'integrator_admin'), {
      token: admin,
      lang: 'es',
      body: { _id: 'integrator_admin', display_name: 'Administrador de marca', description: 'Marca' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.display_name).toBe('Administrador de marca');
    const en = await s.call('GET', path('role', 'read').replace(':id', 'integrator_admin'), {
      token: admin,
      lang: 'en',
    });
    expect(en.body.data.display_name).toBe('Brand administrator');
    // a name its owner gave is said as given, in every language
    const renamed = await s.call('POST', path('role', 'edit').replace(':id', 'dealer_admin'), {
      token: admin,
      lang: 'en',
      body: { _id: 'dealer_admin', display_name: 'Shop lead' },
    });
    expect(renamed.status).toBe(200);
    const es = await s.call('GET', path('role', 'read').replace(':id', 'dealer_admin'), { token: admin, lang: 'es' });
    expect(es.body.data.display_name).toBe('Shop lead');
    // naming them takes nothing from the guard: an authorization a role holds is not removed
    const removed = await s.call('POST', path('authorization', 'delete'), {
      token: admin,
      body: { _id: 'device_list' },
    });
    expect(removed.status).toBe(409);
    expect(
      await s.db.selectFrom('permission').select('_id').where('_id', '=', 'device_list').executeTakeFirst(),
    ).toEqual({ _id: 'device_list' });
  });
});

it('has every demo refund asked for by an account of the order’s own store, and decided by one of its brand', async () => {
  const rows = await s.db
    .selectFrom('refund as r')
    .leftJoin('account as q', 'q._id', 'r.requester')
    .leftJoin('account as o', 'o._id', 'r.operator')
    .select([
      'r._id',
      'r.dealer',
      'r.integrator',
      'r.operator',
      'q.dealer as requester_dealer',
      'o.integrator as operator_brand',
    ])
    .execute();
  expect(new Set(rows.map((r) => r.dealer)).size).toBeGreaterThan(2); // refunds of more than the two stores that used to ask
  for (const r of rows) {
    expect(r.requester_dealer, r._id).toBe(r.dealer);
    if (r.operator) expect(r.operator_brand, r._id).toBe(r.integrator);
  }
});
