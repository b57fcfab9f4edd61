// Server halves of the defects an operator met walking every screen (issue 19).
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
    const r = await s.call('POST', '/user/profile/brand-b', { token: admin, lang: 'es', body: { nickname: 'B', integrator: null } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Una cuenta de tipo Marca necesita Marca');
    const zh = await s.call('POST', '/user/profile/store-b1', { token: admin, lang: 'zh', body: { dealer: null } });
    expect(zh.body.message).toContain('门店类型的账号');
    expect(zh.body.message).not.toContain('DEALER');
    const kept = await s.db.selectFrom('account').select(['nickname', 'integrator']).where('_id', '=', 'brand-b').executeTakeFirstOrThrow();
    expect(kept).toEqual({ nickname: 'Brand B manager', integrator: 'brand_b' });
  });
});
