/**
 * The SSRF guard for upstream addresses (channel base URLs, model-list and balance fetches, relay
 * connections). Policies (UPSTREAM_ADDRESS_POLICY):
 *   default     — link-local (169.254/16, fe80::/10), cloud metadata endpoints, 0.0.0.0/8 and multicast
 *                 are refused; loopback and private networks are allowed (local Ollama, vLLM …);
 *   public-only — private and loopback networks are refused too;
 *   allow-all   — no checks (the operator allows every target).
 * Checked when a URL is saved and again on every connection (DNS answers can change).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export type UpstreamAddressPolicy = 'default' | 'public-only' | 'allow-all';
export const upstreamAddressPolicies = ['default', 'public-only', 'allow-all'] as const;

function blockList(entries: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [address, prefix, type] of entries) list.addSubnet(address, prefix, type);
  return list;
}

const alwaysRefused = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['100.100.100.200', 32, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['255.255.255.255', 32, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  ['fd00:ec2::254', 128, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
  ['::', 128, 'ipv6'],
]);

const privateNetworks = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
]);

const metadataHosts = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

function plainAddress(address: string): string {
  const unbracketed = address.replace(/^\[|\]$/g, '');
  return unbracketed.startsWith('::ffff:') && isIP(unbracketed.slice(7)) === 4
    ? unbracketed.slice(7)
    : unbracketed;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = (dotted[1] as string).split('.').map(Number);
    const high = (((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)).toString(16);
    const low = (((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)).toString(16);
    text = `${text.slice(0, dotted.index)}${high}:${low}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups].map(
    (group) => Number.parseInt(group || '0', 16),
  );
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

function ipv4Of(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/**
 * The IPv4 address an IPv6 address carries, where it reaches that IPv4 host: IPv4-mapped, IPv4-translated
 * (::ffff:0:a.b.c.d) and IPv4-compatible forms, NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002::/16) and
 * Teredo clients (2001::/32).
 */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(5) && g5 === 0xffff) return ipv4Of(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return ipv4Of(g3, ((g4 & 0xff) << 8) | (g5 >> 8));
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  if (g0 === 0x2001 && g1 === 0) return ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff);
  return null;
}

/** Why an IP address may not be used as an upstream, or null. */
export function addressRefusal(address: string, policy: UpstreamAddressPolicy): string | null {
  if (policy === 'allow-all') return null;
  const ip = plainAddress(address);
  const family = isIP(ip);
  if (family === 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (alwaysRefused.check(ip, type)) return 'link-local, metadata or unroutable address';
  if (policy === 'public-only' && privateNetworks.check(ip, type)) return 'private or loopback address';
  const embedded = family === 6 ? embeddedIpv4(ip) : null;
  return embedded ? addressRefusal(embedded, policy) : null;
}

/**
 * The host a URL connects to. Non-special schemes (socks5:) keep their host as written, so a numeric
 * spelling (socks5://2130706433) is normalized the way an http URL would be before it is checked.
 */
export function connectHost(url: URL): string {
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? url.hostname
    : new URL(`http://${url.host}`).hostname;
}

/** Why a host name may not be used as an upstream, or null (IP literals are checked as addresses). */
export function hostRefusal(host: string, policy: UpstreamAddressPolicy): string | null {
  if (policy === 'allow-all') return null;
  const name = host.toLowerCase().replace(/\.$/, '');
  if (metadataHosts.has(name)) return 'cloud metadata endpoint';
  if (policy === 'public-only' && (name === 'localhost' || name.endsWith('.localhost')))
    return 'private or loopback address';
  return addressRefusal(name, policy);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup for sockets that refuses addresses the policy forbids (checked at connect time). */
export function guardedLookup(policy: UpstreamAddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const refusedHost = hostRefusal(hostname, policy);
    if (refusedHost) {
      callback(
        Object.assign(new Error(`upstream address refused: ${hostname} (${refusedHost})`), {
          code: 'EADDRREFUSED',
        }),
        '',
      );
      return;
    }
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      for (const entry of list) {
        const refusal = addressRefusal(entry.address, policy);
        if (refusal) {
          callback(
            Object.assign(
              new Error(`upstream address refused: ${hostname} → ${entry.address} (${refusal})`),
              { code: 'EADDRREFUSED' },
            ),
            '',
          );
          return;
        }
      }
      if (options.all) callback(null, list);
      else callback(null, list[0]?.address ?? '', list[0]?.family ?? 4);
    });
  };
}
