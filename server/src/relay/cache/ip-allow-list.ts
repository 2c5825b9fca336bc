/** A token's allow_ips: one IP or CIDR per line (IPv4 and IPv6), matched with node's BlockList. */
import { BlockList, isIP } from 'node:net';

export interface IpAllowList {
  allows(address: string): boolean;
}

function normalizeAddress(address: string): string {
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) as seen by dual-stack sockets.
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Null when the list is empty (no restriction). Invalid lines are ignored. */
export function parseAllowList(text: string | null | undefined): IpAllowList | null {
  const entries = (text ?? '')
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const list = new BlockList();
  let added = 0;
  for (const entry of entries) {
    const [address = '', prefixText] = entry.split('/');
    const family = isIP(address);
    if (family === 0) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address, type);
    } else {
      const prefix = Number(prefixText);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) continue;
      list.addSubnet(address, prefix, type);
    }
    added += 1;
  }
  if (added === 0) return { allows: () => false };
  return {
    allows(address: string) {
      const normalized = normalizeAddress(address);
      const family = isIP(normalized);
      if (family === 0) return false;
      return list.check(normalized, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** Lines that are neither an IP nor a CIDR, for validation messages. */
export function invalidAllowListEntries(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean)
    .filter((entry) => {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address);
      if (family === 0) return true;
      if (prefix === undefined) return false;
      const bits = Number(prefix);
      return !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128);
    });
}
