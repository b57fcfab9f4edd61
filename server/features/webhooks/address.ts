// Where a webhook may point (SSRF): an allow-list of schemes, then every address the host name resolves to must
// be a public unicast address — checked when the endpoint is saved and again, on the address actually dialled,
// at every delivery (a name may resolve elsewhere later). Loopback over plain HTTP only with WEBHOOK_ALLOW_LOCAL
// (tests, a developer's own receiver), which the configuration refuses in production.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { setting } from '../../config';

export type UrlProblem =
  'vf.webhooks.error.url' | 'vf.webhooks.error.scheme' | 'vf.webhooks.error.unresolved' | 'vf.webhooks.error.private';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export const allowLocal = () => setting('WEBHOOK_ALLOW_LOCAL') === true;

/** IPv6's global unicast block: everything outside it (IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, the
 * IPv4-translated ::ffff:0:a.b.c.d, site-local, discard) is no public address, whatever a library calls it. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** Inside it, the blocks that embed or stand for another address or network: 6to4 2002::/16 (an IPv4 address
 * inside) and IANA's special-purpose 2001::/23 (Teredo 2001::/32, benchmarking, ORCHID), documentation 2001:db8::/32
 * and 3fff::/20. */
const EMBEDDING = ['2002::/16', '2001::/23', '2001:db8::/32', '3fff::/20'].map((c) => ipaddr.parseCIDR(c));

/**
 * Whether an address may be dialled: public unicast, or loopback when the local flag is on. An allow-list: an
 * IPv4 address the library calls unicast; an IPv6 address only inside the global unicast block and outside every
 * embedding or special-purpose block — ipaddr.js called `::7f00:1` (127.0.0.1, IPv4-compatible) unicast. An
 * IPv4-mapped ::ffff:a.b.c.d is judged as the IPv4 address it is dialled as.
 */
export function addressAllowed(address: string, local = allowLocal()): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const ip =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  const range = ip.range();
  if (local && range === 'loopback') return true;
  if (range !== 'unicast') return false;
  if (ip.kind() === 'ipv4') return true;
  const v6 = ip as ipaddr.IPv6;
  return v6.match(GLOBAL_UNICAST) && !EMBEDDING.some((c) => v6.match(c));
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
      const e = Object.assign(new Error(`refused address ${bad?.address ?? '(none)'} for ${hostname}`), {
        code: 'EADDRNOTALLOWED',
      });
      return callback(e, '', 0);
    }
    if ((options as dns.LookupOptions).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};
