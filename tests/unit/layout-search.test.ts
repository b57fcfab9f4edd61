// Menu search (docs/rules.md): fuzzy with threshold 0.4 over the titles the account may see, in its language,
// and for Chinese also by pinyin and pinyin initials.
import { loadPinyin, makeMenuSearch, SEARCH_THRESHOLD, type PinyinFn } from '../../src/lib/menuSearch';
import { searchTargets, menuSections, describeRoute, tabLabel } from '../../src/layout/routes';
import { makeTranslator, type MessageTree } from '../../i18n/translate';
import zh from '../../i18n/zh';
import en from '../../i18n/en';
import ja from '../../i18n/ja';

const zhItems = [
  { path: '/dashboard', title: '首页' },
  { path: '/order', title: '订单', section: '订单管理' },
  { path: '/refund', title: '退款', section: '订单管理' },
  { path: '/device', title: '设备', section: '设备管理' },
  { path: '/dealer', title: '门店', section: '设备管理' },
  { path: '/user', title: '账号', section: '账号与权限' },
  { path: '/role', title: '角色', section: '账号与权限' },
];

let pinyin: PinyinFn;
beforeAll(async () => {
  pinyin = await loadPinyin();
});

describe('Chinese titles', () => {
  it('are turned into pinyin and initials', () => {
    expect(pinyin('订单')).toEqual({ full: 'dingdan', initials: 'dd' });
    expect(pinyin('订单管理')).toEqual({ full: 'dingdanguanli', initials: 'ddgl' });
  });
  it('are found by full pinyin and by initials, best match first', () => {
    const search = makeMenuSearch(zhItems, { pinyin });
    expect(search('dingdan')[0].path).toBe('/order');
    expect(search('dd')[0].path).toBe('/order');
    expect(search('shebei')[0].path).toBe('/device');
    expect(search('md').map((r) => r.path)).toEqual(['/dealer']);
    expect(search('订单')[0].path).toBe('/order');
  });
  it('tolerate a typo within the threshold but not a wrong word', () => {
    expect(SEARCH_THRESHOLD).toBe(0.4);
    const search = makeMenuSearch(zhItems, { pinyin });
    expect(search('dingdna')[0].path).toBe('/order');
    expect(search('xyz')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });
  it('are not matched by pinyin when pinyin search is off', () => {
    const search = makeMenuSearch(zhItems);
    expect(search('dingdan')).toEqual([]);
    expect(search('dd')).toEqual([]);
    expect(search('订单')[0].path).toBe('/order');
  });
});

describe('Latin titles', () => {
  const items = [
    { path: '/order', title: 'Orders', section: 'Orders' },
    { path: '/refund', title: 'Refunds', section: 'Orders' },
    { path: '/device', title: 'Robots', section: 'Fleet' },
    { path: '/user', title: 'Accounts', section: 'Accounts & permissions' },
  ];
  const search = makeMenuSearch(items);
  it('match fuzzily with threshold 0.4', () => {
    expect(search('robots')[0].path).toBe('/device');
    expect(search('robts')[0].path).toBe('/device');
    expect(search('acounts')[0].path).toBe('/user');
    expect(search('zzzz')).toEqual([]);
  });
  it('match the section with less weight than the title', () => {
    const r = search('orders').map((x) => x.path);
    expect(r[0]).toBe('/order');
    expect(r).toContain('/refund');
  });
});

describe('what the menu and the search offer', () => {
  const tZh = makeTranslator(zh as unknown as MessageTree);
  const tEn = makeTranslator(en as unknown as MessageTree);
  it('a store account sees no accounts, roles or authorizations', () => {
    const store = ['dealer_list', 'device_list', 'message_list'];
    const paths = searchTargets(store, tEn).map((t) => t.path);
    expect(paths).toContain('/dashboard');
    expect(paths).toContain('/dealer');
    expect(paths).not.toContain('/user');
    expect(paths).not.toContain('/role');
    expect(
      menuSections(store)
        .flatMap((s) => s.items)
        .some((i) => i.path === '/user'),
    ).toBe(false);
    expect(menuSections(store).every((s) => s.items.length > 0)).toBe(true);
  });
  it('the super account sees every declared menu entry, and "new …" where it may add', () => {
    const paths = searchTargets(['super'], tEn).map((t) => t.path);
    expect(paths).toEqual(expect.arrayContaining(['/user', '/role', '/authorization', '/device', '/user/create']));
  });
  it('a Chinese admin finds accounts by 账号 initials', async () => {
    const search = makeMenuSearch(searchTargets(['super'], tZh), { pinyin });
    expect(search('zh')[0]).toMatchObject({ path: '/user', title: '账号' });
  });
});

describe('route titles', () => {
  const tJa = makeTranslator(ja as unknown as MessageTree);
  const tEn = makeTranslator(en as unknown as MessageTree);
  it('name the dashboard, lists, creation and editing, with a breadcrumb', () => {
    expect(describeRoute('/dashboard', tEn)).toEqual({ title: 'Dashboard', crumbs: [{ label: 'Dashboard' }] });
    expect(describeRoute('/user', tEn)).toEqual({
      title: 'Accounts',
      crumbs: [{ label: 'Accounts & permissions' }, { label: 'Accounts', to: '/user' }],
    });
    expect(describeRoute('/user/create', tEn)?.title).toBe('New Account');
    expect(describeRoute('/user/cashier1', tEn)?.title).toBe('Edit Account');
    expect(describeRoute('/user/cashier1/show', tEn)?.title).toBe('Account details');
    expect(describeRoute('/user', tJa)?.title).toBe('アカウント');
    expect(describeRoute('/no-such-thing', tEn)).toBeNull();
  });
  it('give tabs of two records different labels', () => {
    expect(tabLabel('/user/cashier1', tEn)).toBe('Edit Account · cashier1');
    expect(tabLabel('/user/0123456789abcdef', tEn)).toBe('Edit Account · 01234567…');
  });
});

describe('breadcrumbs', () => {
  const tEn = makeTranslator(en as unknown as MessageTree);
  it('say a section once when it is named like its resource', () => {
    expect(describeRoute('/product/create', tEn)?.crumbs.map((c) => c.label)).toEqual(['Products', 'New Product']);
    expect(describeRoute('/device', tEn)?.crumbs.map((c) => c.label)).toEqual(['Fleet', 'Robots']);
  });
});
