import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { WebhookUrlProblem } from '@service-hub/contracts';

/*
 * SSRF rules of webhook addresses (docs/security.md, "Webhooks"): a customer names the address, the
 * Hub's servers call it, so it must never reach what only the Hub can reach — loopback, private
 * networks, link-local and cloud metadata. Checked at registration and again at every delivery,
 * on the addresses DNS gives at that moment, and the connection goes to the address checked.
 */

/** Resolves a host to every address it has (dns.lookup with `all`); injectable for tests. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export type AddressPolicy = {
  /** WEBHOOKS_ALLOW_LOOPBACK: tests and the bench deliver to http://127.0.0.1 (never in production). */
  allowLoopback: boolean;
  resolve: Resolver;
};

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  blockedV4.addSubnet(network, prefix, 'ipv4');

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: tunnels to an IPv4 address inside it
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: wraps an IPv4 address (2002:a9fe:a9fe:: is 169.254.169.254)
  ['64:ff9b:1::', 48], // local-use NAT64 (the well-known 64:ff9b::/96 is unwrapped below)
  ['fc00::', 7], // unique-local, with AWS's metadata address fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(network, prefix, 'ipv6');

/** Names of cloud metadata services that some resolvers answer with a private address, or not at all. */
const BLOCKED_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

const isLoopback = (address: string) =>
  isIP(address) === 4 ? address.startsWith('127.') : expandV6(address)?.join(':') === '0:0:0:0:0:0:0:1';

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or undefined. */
function expandV6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    const hex = `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
    text = text.slice(0, -dotted[1]!.length) + hex;
  }
  const [head = '', tail, ...rest] = text.split('::');
  if (rest.length > 0) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...front, ...Array<number>(missing).fill(0), ...back];
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedV4(groups: number[]): string | undefined {
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return undefined;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether the Hub must not connect to this address (loopback only where the policy allows it). */
export function isBlockedAddress(address: string, allowLoopback: boolean): boolean {
  const version = isIP(address);
  if (version === 4) {
    if (allowLoopback && isLoopback(address)) return false;
    return blockedV4.check(address, 'ipv4');
  }
  if (version !== 6) return true;
  const groups = expandV6(address);
  if (!groups) return true;
  const v4 = embeddedV4(groups);
  if (v4) return isBlockedAddress(v4, false);
  if (allowLoopback && isLoopback(address)) return false;
  return blockedV6.check(address, 'ipv6');
}

/** The host of a URL without IPv6 brackets and a trailing dot. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

const isBlockedName = (host: string) => {
  const name = host.toLowerCase();
  return BLOCKED_NAMES.has(name) || name.endsWith('.localhost');
};

/** How long registration waits for DNS before calling a host unresolvable. */
const REGISTRATION_LOOKUP_TIMEOUT_MS = 5000;

/**
 * Why an endpoint address may not be used, or undefined when it may: the scheme, the name, and
 * every address the name resolves to now. Plain http only to a loopback address the policy allows.
 */
export async function checkWebhookUrl(
  value: string,
  policy: AddressPolicy,
): Promise<WebhookUrlProblem | undefined> {
  const url = new URL(value);
  if (url.username || url.password || url.hash) return 'notAllowedParts';
  const host = hostOf(url);
  const loopbackLiteral = isIP(host) !== 0 && isLoopback(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback && loopbackLiteral))
    return 'notHttps';
  if (isIP(host)) return isBlockedAddress(host, policy.allowLoopback) ? 'blockedAddress' : undefined;
  if (isBlockedName(host)) return 'blockedAddress';
  let addresses: LookupAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    // A resolver that does not answer must not hold the administrator's request.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('DNS timeout')), REGISTRATION_LOOKUP_TIMEOUT_MS);
    });
    addresses = await Promise.race([policy.resolve(host), timeout]);
  } catch {
    return 'unresolvable';
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.some((a) => isBlockedAddress(a.address, policy.allowLoopback))
    ? 'blockedAddress'
    : undefined;
}

/** The error a refused connection fails with; its code becomes the attempt's `blockedAddress`. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor() {
    super('The address resolves to a network the Hub does not deliver to.');
  }
}

/**
 * A `lookup` for node:net that resolves once, refuses the whole name if any of its addresses is
 * blocked, and hands the checked addresses to the connection: nothing resolves the name again
 * between the check and the connect (no DNS-rebinding gap).
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    if (isBlockedName(hostname)) {
      callback(new BlockedAddressError(), '', 0);
      return;
    }
    policy.resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        } else if (found.some((a) => isBlockedAddress(a.address, policy.allowLoopback))) {
          callback(new BlockedAddressError(), '', 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Whether a delivery may connect to this URL's host at all before any lookup (IP literals, names). */
export function blockedBeforeLookup(url: URL, policy: AddressPolicy): boolean {
  const host = hostOf(url);
  if (isIP(host)) return isBlockedAddress(host, policy.allowLoopback);
  if (url.protocol !== 'https:') return true;
  return isBlockedName(host);
}
