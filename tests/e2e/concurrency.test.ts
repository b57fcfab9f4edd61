// Two people edit the same store in real Chromium: the first save wins; the second is told that someone else
// changed the record, and Reload brings the first person's value into the form instead of overwriting it.
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

it('the second of two editors is told the store changed, and Reload shows the new value', async () => {
  const first = await e.newPage({ lang: 'en' });
  const second = await e.newPage({ lang: 'en' });
  for (const { page } of [first, second]) {
    await e.login(page, 'admin', { at: `/dealer/store_a1` });
    await page.locator('input[name="name"]').waitFor();
  }
  const was = await second.page.locator('input[name="name"]').inputValue();

  await first.page.locator('input[name="name"]').fill('Renamed by the first');
  await first.page.getByRole('button', { name: 'Save' }).click();
  await first.page.waitForURL(/\/dealer$/);

  // the second editor still shows the old name and saves over it
  expect(await second.page.locator('input[name="name"]').inputValue()).toBe(was);
  await second.page.locator('input[name="name"]').fill('Renamed by the second');
  await second.page.getByRole('button', { name: 'Save' }).click();
  const notice = second.page.getByText(
    'Someone else changed this record after you opened it; reload it to see their changes',
  );
  await notice.waitFor();
  await e.shot(second.page, 'concurrency-stale');
  // nothing was overwritten
  const row = await e.server.db
    .selectFrom('dealer')
    .select(['name', 'version'])
    .where('_id', '=', 'store_a1')
    .executeTakeFirstOrThrow();
  expect(row.name).toBe('Renamed by the first');

  await second.page.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => second.page.locator('input[name="name"]').inputValue()).toBe('Renamed by the first');
  await e.shot(second.page, 'concurrency-reloaded');

  // from the reloaded record, the second editor's change goes through
  await second.page
    .locator('input[name="description"], textarea[name="description"]')
    .first()
    .fill('Checked after the reload');
  await second.page.getByRole('button', { name: 'Save' }).click();
  await second.page.waitForURL(/\/dealer$/);
  const after = await e.server.db
    .selectFrom('dealer')
    .select(['name', 'description', 'version'])
    .where('_id', '=', 'store_a1')
    .executeTakeFirstOrThrow();
  expect(after).toMatchObject({
    name: 'Renamed by the first',
    description: 'Checked after the reload',
    version: Number(row.version) + 1,
  });
});
