// The catalog's own pages in the frame: the stock and copy pages are in the menu and the menu search only for
// accounts holding their permission, and each has a title and breadcrumb in every language.
import { searchTargets, menuSections, describeRoute } from '../../src/layout/routes';
import { makeTranslator, type MessageTree } from '../../i18n/translate';
import zh from '../../i18n/zh';
import en from '../../i18n/en';

const tEn = makeTranslator(en as unknown as MessageTree);
const tZh = makeTranslator(zh as unknown as MessageTree);
const catalogPaths = (auth: string[]) =>
  menuSections(auth)
    .find((s) => s.section === 'catalog')
    ?.items.map((i) => i.path) ?? [];

it('offers stock management to holders of product_stock and copying to holders of product_copy only', () => {
  const store = ['product_list', 'product_stock', 'product_classify_list'];
  const brand = [...store, 'product_copy'];
  expect(catalogPaths(store)).toEqual(expect.arrayContaining(['/product', '/product/stock', '/product_classify']));
  expect(catalogPaths(store)).not.toContain('/product/copy');
  expect(catalogPaths(brand)).toContain('/product/copy');
  expect(catalogPaths(['product_list'])).not.toContain('/product/stock');
  const found = searchTargets(brand, tEn).filter((t) => t.path.startsWith('/product/'));
  expect(found.map((t) => [t.path, t.title])).toEqual(
    expect.arrayContaining([
      ['/product/stock', 'Stock management'],
      ['/product/copy', 'Copy products between stores'],
    ]),
  );
});

it('names the pages in the breadcrumb, under the catalog section, not as a product record', () => {
  expect(describeRoute('/product/stock', tEn)).toEqual({
    title: 'Stock management',
    crumbs: [{ label: tEn('vf.menu.section.catalog') }, { label: 'Stock management', to: '/product/stock' }],
  });
  expect(describeRoute('/product/copy', tZh)?.title).toBe('门店间复制商品');
});
