// Where a webhook may point (SSRF): an allow-list of schemes, then every address the host name resolves to must
// be a public unicast address — checked when the endpoint is saved and again, on the address actually dialled,
// at every delivery (a name may resolve elsewhere later). Loopback over plain HTTP only with WEBHOOK_ALLOW_LOCAL
// (tests, a developer's own receiver), which the configuration refuses in production.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { setting } from '../config';

export type UrlProblem = 'vf.webhooks.error.url' | 'vf.webhooks.error.scheme' | 'vf.webhooks.error.unresolved' | 'vf.webhooks.error.private';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export const allowLocal = () => setting('WEBHOOK_ALLOW_LOCAL') === true;

/** Whether an address may be dialled: public unicast, or loopback when the local flag is on. */
export function addressAllowed(address: string, local = allowLocal()): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' || (local && range === 'loopback');
}

/** The URL's first problem, or undefined when it may be saved. */
export async function checkUrl(text: string): Promise<UrlProblem | undefined> {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return 'vf.webhooks.error.url';
  }
  if (u.username || u.password || !u.hostname) return 'vf.webhooks.error.url';
  const local = allowLocal();
  if (u.protocol === 'http:') {
    if (!local || !LOOPBACK_NAMES.has(u.hostname)) return 'vf.webhooks.error.scheme';
  } else if (u.protocol !== 'https:') return 'vf.webhooks.error.scheme';
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return 'vf.webhooks.error.unresolved';
  }
  if (addresses.length === 0) return 'vf.webhooks.error.unresolved';
  return addresses.every((a) => addressAllowed(a.address, local)) ? undefined : 'vf.webhooks.error.private';
}

/** A `lookup` for http(s).request that refuses to connect to an address `addressAllowed` refuses. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !addressAllowed(a.address));
    if (bad || list.length === 0) {
      const e = Object.assign(new Error(`refused address ${bad?.address ?? '(none)'} for ${hostname}`), { code: 'EADDRNOTALLOWED' });
      return callback(e, '', 0);
    }
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};
