/**
 * Where a webhook may be sent (docs/decisions/webhooks.md): never to the server's own networks (private, loopback,
 * link-local, unique-local, shared CGNAT, the cloud metadata address, multicast, reserved), IPv4 and IPv6 alike,
 * IPv4 written inside IPv6 included, unless the host is one of the allowed on-campus hosts. Checked when the
 * address is registered, on what its name resolves to, and again on every delivery on the address actually
 * connected to (`guardedLookup`), so a name that resolves elsewhere later (DNS rebinding) is refused then.
 */
import dns from 'node:dns';
import net from 'node:net';
import { tidyHost, WEBHOOK_MSG } from '../../../core/webhooks/rules';
import { badRequest } from '../../errors';

const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  BLOCKED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside, which could be any of the above
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (the metadata address fd00:ec2::254 among them)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(prefix, bits, 'ipv6');

/** Whether an IP address is on a network the server must not send to (IPv4 inside IPv6 checked as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether the host is one an administrator allowed (compared as typed: lower case, no brackets). */
export const isAllowedHost = (host: string, allowed: readonly string[]) => allowed.includes(tidyHost(host));

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const resolveAll: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * At registration: an address on an allowed host is accepted as it is; else an IP address must be public, and a
 * name must resolve, to public addresses only. Answers the 400 that says why not.
 */
export async function checkDestination(url: URL, allowed: readonly string[], resolve: Resolve = resolveAll): Promise<void> {
  const host = tidyHost(url.hostname);
  if (isAllowedHost(host, allowed)) return;
  if (url.protocol !== 'https:') throw badRequest(WEBHOOK_MSG.httpNotAllowed(host), 'address_not_allowed');
  if (net.isIP(host)) {
    if (isBlockedAddress(host)) throw badRequest(WEBHOOK_MSG.privateAddress(host), 'address_not_allowed');
    return;
  }
  const found = await resolve(host).catch(() => []);
  if (!found.length) throw badRequest(WEBHOOK_MSG.unresolvable(host), 'address_not_allowed');
  if (found.some((a) => isBlockedAddress(a.address))) throw badRequest(WEBHOOK_MSG.privateAddress(host), 'address_not_allowed');
}

/** A refused connection's error: the delivery log says why it was not sent. */
export class RefusedAddress extends Error {
  code = 'EWEBHOOKREFUSED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * The lookup a delivery's socket connects through: the name resolved here, and refused when any of its addresses
 * is on a blocked network (unless the host is allowed), so the address checked is the address connected to.
 */
export function guardedLookup(allowed: readonly string[]) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, verbatim: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (!isAllowedHost(hostname, allowed)) {
        const bad = list.find((a) => isBlockedAddress(a.address));
        if (bad || !list.length)
          return callback(new RefusedAddress(`${hostname} resolves to ${bad?.address ?? 'nothing'}, on a private network: not sent`), []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
