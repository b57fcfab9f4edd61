// @vitest-environment node
// The map behind the sessions' and the robots' key caches (server/events/revocableCache.ts): what a lookup found
// is served until news revokes it by key or by owner, never kept when news came during the lookup, and never past
// its age or the bound. (That the news reaches every process at once is the API tests' part: session-races,
// session-cache, device-key-cache.)
import { revocableCache } from '../../server/events/revocableCache';

const cache = () => revocableCache<string>({ maxEntries: 3, maxAgeMs: 1000 });

afterEach(() => vi.useRealTimers());

test('a revocation by owner forgets every entry of that owner and no other', () => {
  const c = cache();
  c.remember('s1', c.since(), 'ann', ['account:ann', 'role:ops']);
  c.remember('s2', c.since(), 'ann again', ['account:ann']);
  c.remember('s3', c.since(), 'bob', ['account:bob', 'role:ops']);
  c.revoke([], ['account:ann']);
  expect([c.get('s1'), c.get('s2'), c.get('s3')]).toEqual([undefined, undefined, 'bob']);
  c.revoke([], ['role:ops']);
  expect(c.get('s3')).toBeUndefined();
  expect(c.size).toBe(0);
});

test('a revocation by key forgets that entry; an owner learned later revokes it too', () => {
  const c = cache();
  c.remember('s1', c.since(), 'ann', ['account:ann']);
  c.remember('s2', c.since(), 'bob', ['account:bob']);
  c.revoke(['s1'], []);
  expect([c.get('s1'), c.get('s2')]).toEqual([undefined, 'bob']);
  expect(c.own('s2', c.since(), ['role:preview'])).toBe('bob');
  c.revoke([], ['role:preview']);
  expect(c.get('s2')).toBeUndefined();
});

test('what a lookup found is not kept when news came while it ran, even news about someone else', () => {
  const c = cache();
  const since = c.since();
  c.revoke([], ['account:someone-else']);
  expect(c.remember('s1', since, 'stale', ['account:ann'])).toBe(false);
  expect(c.get('s1')).toBeUndefined();
  c.remember('s2', c.since(), 'bob', []);
  const later = c.since();
  c.revoke(['nothing'], []);
  expect(c.own('s2', later, ['role:x'])).toBeUndefined();
});

test('an entry is looked up again past its age, and the oldest goes past the bound', () => {
  vi.useFakeTimers();
  const c = cache();
  for (const k of ['a', 'b', 'c', 'd']) c.remember(k, c.since(), k, [`owner:${k}`]);
  expect([c.get('a'), c.get('b'), c.get('d')]).toEqual([undefined, 'b', 'd']);
  vi.advanceTimersByTime(1001);
  expect(c.get('b')).toBeUndefined();
  // what went is gone from its owner's index too: revoking it later touches nothing kept since
  c.remember('b', c.since(), 'b2', ['owner:c']);
  c.clear();
  expect(c.size).toBe(0);
});
