// A resource declared only in a test fixture gets working endpoints and working screens.
import { inject } from 'vitest';
import { render, screen, fireEvent, within } from '@testing-library/react';
import { AdminContext, ListContextProvider, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import en from '../../i18n/en';
import { makeI18nProvider } from '../../src/providers/i18nProvider';
import { authProvider } from '../../src/providers/authProvider';
import { dataProvider } from '../../src/providers/dataProvider';
import { configureHttp, api } from '../../src/providers/http';
import { ListPagination, makeCreate, makeList } from '../../src/declared/screens';
import { ActionButtons } from '../../src/declared/ActionButtons';
import { RelatedList } from '../../src/declared/RelatedList';
import { widget } from '../support/fixture';

const messages = {
  ...en,
  resources: {
    ...en.resources,
    widget: {
      name: 'Widget |||| Widgets',
      fields: { name: 'Name', size: 'Size', price: 'Price', dealer: 'Store', create_time: 'Created', q: 'Search' },
      choices: { size: { S: 'Small', M: 'Medium', L: 'Large' } },
      actions: { shrink: 'Shrink', grow: 'Grow' },
    },
  },
};

function renderIn(ui: React.ReactElement) {
  return render(
    <MemoryRouter>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={makeI18nProvider('en', messages as never)}
      >
        <ResourceContextProvider value="widget">{ui}</ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  configureHttp('en', (k) => k, inject('apiUrl'));
  await authProvider.login({ username: 'brand-a', password: 'Demo12345' });
});

describe('the server side of a declared resource', () => {
  it('adds, lists in scope, edits, acts and deletes', async () => {
    const a = await api<{ _id: string; integrator: string; price: number }>('POST', '/widget/add', {
      name: 'Cone',
      size: 'L',
      price: 1250,
      dealer: 'store_a1',
    });
    expect(a).toMatchObject({ integrator: 'brand_a', price: 1250 });
    await expect(api('POST', '/widget/add', { name: 'Cone', size: 'M', dealer: 'store_a2' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(api('POST', '/widget/add', { name: 'Alien', size: 'M', dealer: 'store_b1' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(api('POST', '/widget/add', { name: 'X', size: 'XL', dealer: 'store_a1' })).rejects.toMatchObject({
      status: 400,
    });
    const edited = await api<{ name: string }>('POST', '/widget/edit', { _id: a._id, name: 'Big cone' });
    expect(edited.name).toBe('Big cone');
    expect(await api('POST', '/widget/shrink', { _id: a._id })).toMatchObject({ size: 'S' });
    await expect(api('POST', '/widget/shrink', { _id: a._id })).rejects.toMatchObject({ status: 409 });
    expect(await api('POST', '/widget/grow', { _id: a._id })).toMatchObject({ size: 'L' });
    await expect(api('POST', '/widget/grow', { _id: a._id })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/size/),
    });
    const list = await api<{ total: number }>('POST', '/widget/list', { filter: { size: 'L' } });
    expect(list.total).toBe(1);
    expect(await api('POST', '/widget/delete', { _id: a._id })).toEqual({ _id: a._id });
    await expect(api('GET', `/widget/detail/${a._id}`)).rejects.toMatchObject({ status: 404 });
  });
});

describe('the screens of a declared resource', () => {
  it('lists rows from the server with translated choices and yuan prices', async () => {
    await api('POST', '/widget/add', { name: 'Cup', size: 'M', price: 990, dealer: 'store_a2' });
    const List = makeList(widget);
    renderIn(<List />);
    const cell = await screen.findByText('Cup', {}, { timeout: 10_000 });
    const row = cell.closest('tr')!;
    expect(within(row).getByText('Medium')).toBeInTheDocument();
    expect(within(row).getByText('9.90')).toBeInTheDocument();
    expect(await within(row).findByText('Store A2')).toBeInTheDocument();
  });

  it('offers an action only on the rows it applies to', async () => {
    const buttons = (size: string) =>
      renderIn(
        <RecordContextProvider value={{ _id: `w-${size}`, name: 'Cone', size, dealer: 'store_a1' }}>
          <ActionButtons def={widget} />
        </RecordContextProvider>,
      );
    const small = buttons('S');
    expect(await screen.findByRole('button', { name: 'Grow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Shrink' })).toBeNull();
    small.unmount();
    buttons('L');
    expect(await screen.findByRole('button', { name: 'Shrink' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grow' })).toBeNull();
  });

  it('validates the create form with the declaration rules before calling the server', async () => {
    const Create = makeCreate(widget);
    renderIn(<Create />);
    const name = await screen.findByLabelText(/Name/);
    fireEvent.change(name, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Name must be 3 to 12 characters long')).toBeInTheDocument();
    expect(await screen.findByText('Size is required')).toBeInTheDocument();
  });
});

describe('pagination of a long list', () => {
  const page = (meta?: unknown) =>
    ({
      data: [],
      total: 312456,
      page: 1,
      perPage: 20,
      setPage: () => {},
      setPerPage: () => {},
      hasNextPage: true,
      hasPreviousPage: false,
      isPending: false,
      meta,
    }) as never;
  it('says "about" when the server could only estimate the total', async () => {
    const { unmount } = renderIn(
      <ListContextProvider value={page({ totalEstimated: true })}>
        <ListPagination />
      </ListContextProvider>,
    );
    expect(await screen.findByText('1-20 of about 312,456')).toBeInTheDocument();
    unmount();
    renderIn(
      <ListContextProvider value={page()}>
        <ListPagination />
      </ListContextProvider>,
    );
    expect(await screen.findByText('1-20 of 312456')).toBeInTheDocument();
  });
});

describe("a related list on a record's page", () => {
  it("shows the rows of another resource that name this record, through that resource's own scoped list", async () => {
    const robots = async (dealer: string) =>
      (await api<{ list: Array<{ name: string }> }>('POST', '/device/list', { filter: { dealer } })).list.map(
        (r) => r.name,
      );
    const [mine, other] = [await robots('store_a1'), await robots('store_a2')];
    expect(mine.length && other.length).toBeTruthy();
    renderIn(
      <RecordContextProvider value={{ id: 'store_a1', _id: 'store_a1' }}>
        <ResourceContextProvider value="dealer">
          <RelatedList related={{ resource: 'device', field: 'dealer' }} />
        </ResourceContextProvider>
      </RecordContextProvider>,
    );
    const list = await screen.findByTestId('related-device', {}, { timeout: 10_000 });
    await within(list).findByText(mine[0], {}, { timeout: 10_000 });
    expect(within(list).queryByText(other[0])).toBeNull();
  });
});

describe('the named parts a declaration asks for', () => {
  // That each name a declaration uses has its part, and under no misspelt name, the compiler checks
  // (resources/parts.ts, src/parts.ts). What it cannot see: two features plugging in the same name (the
  // later would win silently), which gathering the parts refuses when the list loads.
  it('are plugged in once each, one part under every name, and used by the declarations', async () => {
    const { resources } = await import('../../resources');
    const names = await import('../../resources/parts');
    const { parts } = await import('../../src/parts');
    expect(Object.keys(parts.renderers).sort()).toEqual([...names.RENDERER_NAMES].sort());
    expect(Object.keys(parts.inputs).sort()).toEqual([...names.INPUT_NAMES].sort());
    expect(Object.keys(parts.cells).sort()).toEqual([...names.CELL_NAMES].sort());
    expect(Object.keys(parts.toolbar).sort()).toEqual([...names.TOOLBAR_BUTTON_NAMES].sort());
    expect(Object.keys(parts.bulk).sort()).toEqual([...names.BULK_BUTTON_NAMES].sort());
    const { gatherParts } = await import('../../src/declared/parts');
    expect(() => gatherParts([{ toolbar: parts.toolbar }, { toolbar: parts.toolbar }])).toThrow(/plugged in twice/);
    // and the declarations do use them: the vocabulary replaced the overrides it was made for
    expect(
      resources
        .filter((d) => Object.values(d.fields).some((f) => f.render || f.input) || d.cells || d.list.toolbar)
        .map((d) => d.name)
        .sort(),
    ).toEqual([
      'alarm',
      'campaign',
      'chatchat',
      'command',
      'device',
      'firmware',
      'forecast',
      'lecode',
      'log',
      'message',
      'notification',
      'notify_channel',
      'notify_policy',
      'product',
      'report',
      'restock',
      'template',
      'webhook_delivery',
    ]);
  });
});
