import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * IPv4 ranges a webhook must never reach: everything that is not globally routable unicast
 * (IANA IPv4 special-purpose registry), so a customer's URL cannot point us at our own network,
 * the cloud metadata service (169.254.169.254) or a neighbour's.
 */
const FORBIDDEN_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast included
];

/**
 * Non-routable ranges inside IPv6 global unicast (2000::/3); everything outside 2000::/3 (loopback,
 * unspecified, unique-local, link-local, multicast, discard-only...) is refused wholesale.
 */
const FORBIDDEN_IPV6_GLOBAL: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
];

/**
 * IPv4 addresses refused even where private destinations are allowed (WEBHOOKS_ALLOW_PRIVATE_URLS):
 * link-local, where clouds answer instance metadata and credentials, and the metadata services
 * some clouds keep elsewhere.
 */
const LINK_LOCAL_OR_METADATA_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['169.254.0.0', 16], // link-local; AWS, GCP, Azure, OCI metadata at 169.254.169.254
  ['100.100.100.200', 32], // Alibaba Cloud metadata
  ['192.0.0.192', 32], // Oracle Cloud metadata (older instances)
];

/** The IPv6 counterparts, and a range whose embedded IPv4 address cannot be read back. */
const LINK_LOCAL_OR_METADATA_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['fe80::', 10], // link-local
  ['fd00:ec2::', 32], // AWS: metadata (fd00:ec2::254), DNS, time
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): where the IPv4 address sits depends on the operator's prefix
];

const forbiddenIPv4 = blockListOf(FORBIDDEN_IPV4, 'ipv4');
const forbiddenIPv6Global = blockListOf(FORBIDDEN_IPV6_GLOBAL, 'ipv6');
const linkLocalOrMetadataIPv4 = blockListOf(LINK_LOCAL_OR_METADATA_IPV4, 'ipv4');
const linkLocalOrMetadataIPv6 = blockListOf(LINK_LOCAL_OR_METADATA_IPV6, 'ipv6');

function blockListOf(ranges: ReadonlyArray<readonly [string, number]>, type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, type);
  return list;
}

/**
 * Whether a webhook delivery must refuse to connect to this IP address. True for loopback,
 * unspecified, private, unique-local, link-local, carrier-grade NAT, multicast, reserved,
 * benchmarking and documentation ranges, for an IPv6 address with a zone, and for anything that is
 * not a plain IPv4 or IPv6 address. An IPv4 address carried inside IPv6 (IPv4-mapped, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) is judged as that IPv4 address.
 */
export function isForbiddenAddress(ip: string): boolean {
  if (isIPv4(ip)) return forbiddenIPv4.check(ip, 'ipv4');
  // A zone (fe80::1%eth0) only ever qualifies a non-global address.
  if (!isIPv6(ip) || ip.includes('%')) return true;
  const groups = ipv6Groups(ip);
  const carried = carriedIPv4(groups);
  if (carried !== null) return forbiddenIPv4.check(carried, 'ipv4');
  const globalUnicast = (groups[0] & 0xe000) === 0x2000;
  return !globalUnicast || forbiddenIPv6Global.check(ip, 'ipv6');
}

/**
 * Whether this address stays refused even where private and loopback destinations are allowed
 * (a receiver on a developer's machine): IPv4 and IPv6 link-local (169.254.0.0/16, fe80::/10, an
 * address with a zone), the clouds' metadata addresses (169.254.169.254, fd00:ec2::254,
 * 100.100.100.200, 192.0.0.192), and any of them carried inside IPv6 in whatever form
 * (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo). True for anything that is
 * not a plain IPv4 or IPv6 address.
 */
export function isLinkLocalOrMetadataAddress(ip: string): boolean {
  if (isIPv4(ip)) return linkLocalOrMetadataIPv4.check(ip, 'ipv4');
  if (!isIPv6(ip) || ip.includes('%')) return true;
  if (linkLocalOrMetadataIPv6.check(ip, 'ipv6')) return true;
  return embeddedIPv4s(ipv6Groups(ip)).some((carried) => linkLocalOrMetadataIPv4.check(carried, 'ipv4'));
}

/** The eight 16-bit groups of an address that `isIPv6` accepted (no zone). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? 0 : 8 - headGroups.length - restGroups.length;
  return [...headGroups, ...Array<string>(zeros).fill('0'), ...restGroups].map((group) => parseInt(group, 16));
}

/** The IPv4 address an IPv6 address stands for (mapped, NAT64, 6to4), or null. */
function carriedIPv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  if (zeros(0, 5) && groups[5] === 0xffff) return quad(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return quad(groups[6], groups[7]);
  if (groups[0] === 0x2002) return quad(groups[1], groups[2]);
  return null;
}

/**
 * Every IPv4 address an IPv6 address may carry: mapped (::ffff:0:0/96), compatible (::/96),
 * translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32:
 * its server, and its client with the bits inverted). Wider than {@link carriedIPv4}: for ranges
 * refused whatever the mode, reading too much is the safe side.
 */
function embeddedIPv4s(groups: number[]): string[] {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const found: string[] = [];
  const tail = quad(groups[6], groups[7]);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) found.push(tail);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) found.push(tail);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) found.push(tail);
  if (groups[0] === 0x2002) found.push(quad(groups[1], groups[2]));
  if (groups[0] === 0x2001 && groups[1] === 0) found.push(quad(groups[2], groups[3]), quad(groups[6] ^ 0xffff, groups[7] ^ 0xffff));
  return found;
}
