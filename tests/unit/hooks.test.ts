// The engine's hooks are handed to it in one book (server/features/index.ts, from each feature's `hooks`), each
// defined for a declared resource and typed by its table. `npm run typecheck` holds the compile-time half: the lines
// marked @ts-expect-error below fail it the day an unknown resource name or a wrongly typed row is accepted.
import { defineHooks, hookBook } from '../../server/crud/hooks';
import { resourceHooks } from '../../server/features';

it('a hooks definition names a declared resource and sees its table’s row type', () => {
  // @ts-expect-error 'orderz' is no declared resource
  defineHooks('orderz', {});
  const hooks = defineHooks('order', {
    actions: {
      async look({ existing }) {
        const amount: number = existing.amount; // the orders table's column, in cents
        // @ts-expect-error no such column on the orders table
        void existing.no_such_column;
        void amount;
        return existing;
      },
    },
  });
  expect(hooks.resource).toBe('order');
});

it('two definitions for one resource stop the app from being built, rather than one silently replacing the other', () => {
  expect(() => hookBook([defineHooks('message', {}), defineHooks('message', {})])).toThrow(/message/);
});

it('the app’s book gives each resource its own hooks, and none to a resource without any', () => {
  expect(resourceHooks.of('restock').lines?.apply).toBeTypeOf('function');
  expect(resourceHooks.of('device').filters?.menu_outdated).toBeTypeOf('function');
  expect(resourceHooks.of('integrator')).toEqual({});
});
