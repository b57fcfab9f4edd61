// @vitest-environment node
// The in-process events as the features declare them (server/events/domain.ts) and as docs/architecture.md
// ("Events inside the server") tells them: every event subscribed to has a publisher, and the docs' table names,
// for each event, the features that publish it and those that subscribe.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/buildIfStale';
import { features } from '../../server/features';

const docs = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
const section = docs.slice(docs.indexOf('#### Events inside the server'), docs.indexOf('#### Which way imports point'));
/** the docs table's row of an event: its cells after the name */
const rowOf = (event: string) => section.split('\n').find((l) => l.startsWith(`| \`${event}\``)) ?? '';

const publishers = new Map<string, string[]>();
const subscribers = new Map<string, string[]>();
for (const f of features) {
  for (const e of f.events?.publishes ?? []) publishers.set(e, [...(publishers.get(e) ?? []), f.name]);
  for (const e of Object.keys(f.events?.subscribes ?? {})) subscribers.set(e, [...(subscribers.get(e) ?? []), f.name]);
}

it('has a publisher for every event a feature subscribes to', () => {
  expect([...subscribers.keys()].filter((e) => !publishers.has(e))).toEqual([]);
});

it('lists every event in docs/architecture.md with the features that publish and subscribe to it', () => {
  const wrong = [...publishers].flatMap(([event, pubs]) => {
    const row = rowOf(event);
    if (!row) return [`${event}: no row`];
    const [, , , publishedBy = '', subscribedBy = ''] = row.split('|');
    return [
      ...pubs.filter((p) => !publishedBy.includes(p)).map((p) => `${event}: publisher ${p} not named`),
      ...(subscribers.get(event) ?? [])
        .filter((s) => !subscribedBy.includes(s))
        .map((s) => `${event}: subscriber ${s} not named`),
    ];
  });
  expect(wrong).toEqual([]);
});
