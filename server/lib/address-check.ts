/**
 * Which addresses the server may connect to (issue 34, issue 62): only public internet addresses,
 * unless the operator configured a host or a test allows its stand-ins. The check is made by the
 * connection itself (`connectionCheck`), for the outbound module's own requests
 * (server/lib/outbound.ts) and for a library's fetches in its scope (outbound-scope.ts).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Who may be connected to: the parts of the outbound module's options that the check reads. */
export interface AddressRules {
  /**
   * Host names the operator configured (the AI provider, GitHub): connected to whatever address
   * they resolve to, the limits still applying.
   */
  exemptHosts?: readonly string[];
  /**
   * Which resolved addresses may be connected to: by default only public ones (`isPublicAddress`);
   * the tests allow their stand-in on 127.0.0.1.
   */
  allowAddress?: (address: string) => boolean;
  /** Only these host names (the tests: nothing but 127.0.0.1 and localhost). */
  hosts?: RegExp;
  /** How host names resolve (tests may pass a stand-in); asked once per connection. */
  resolve?: (host: string) => Promise<string[]>;
}

/** What the import's report says of any address that is not on the public internet, whatever its spelling. */
export const NOT_PUBLIC = 'refused: not a public address';

/**
 * Everything that is not a public internet address (RFC 6890 and its IANA registries): this machine,
 * private and shared networks, link-local, documentation, benchmarking, multicast and reserved
 * ranges. IPv6 is public only in global unicast (2000::/3), which leaves out IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96) and NAT64 (64:ff9b::/96, 64:ff9b:1::/48) spellings of
 * an IPv4 address, whatever that address is; within it, the special ranges are refused too.
 * Node's BlockList compares addresses as numbers, so no spelling of an address slips past it.
 */
const NOT_PUBLIC_RANGES = (() => {
  // One list per family: a BlockList also matches IPv4 addresses against IPv6 rules (as mapped
  // addresses), and ::/3 would then hold every IPv4 address.
  const v4 = new BlockList();
  const v6 = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    v4.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    // Outside global unicast: ::/3 (loopback, unspecified, mapped, compatible, NAT64, discard),
    // and 4000::/2, 8000::/1 (unique local, link-local, multicast, unassigned).
    ['::', 3],
    ['4000::', 2],
    ['8000::', 1],
    // Inside it: IETF protocol assignments (Teredo among them), documentation, 6to4, and the
    // documentation range of RFC 9637.
    ['2001::', 23],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['3fff::', 20],
  ] as const) {
    v6.addSubnet(network, prefix, 'ipv6');
  }
  return { v4, v6 };
})();

/** Whether an IP address (v4 or v6, any spelling) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4
    ? !NOT_PUBLIC_RANGES.v4.check(address, 'ipv4')
    : !NOT_PUBLIC_RANGES.v6.check(address, 'ipv6');
}

/** This machine's own addresses: 127.0.0.0/8 and ::1, in any spelling (an IPv4-mapped one too). */
const LOOPBACK = (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
  return list;
})();

/** Whether a connection's peer address is this machine (loopback). */
export function isThisMachine(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const defaultResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A refusal of the check, in words for a report. */
export class Refused extends Error {}

/**
 * The one check of a connection, made by the connection itself: a name is resolved once, there,
 * and the socket connects to the address that passed (`lookup`); an address written as such is
 * connected to without a lookup, so `literal` checks it first. Every address refused alike, so a
 * report tells nothing about what is behind it.
 */
export function connectionCheck(options: AddressRules) {
  const { allowAddress = isPublicAddress, hosts, resolve = defaultResolve } = options;
  const exempt = new Set((options.exemptHosts ?? []).map((host) => host.toLowerCase()));
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .catch(() => [] as string[])
      .then((addresses) => {
        const address = addresses[0];
        if (address === undefined) throw new Refused(`${hostname} could not be found`);
        if (!exempt.has(hostname.toLowerCase()) && !addresses.every(allowAddress))
          throw new Refused(NOT_PUBLIC);
        const family = isIP(address);
        if (lookupOptions.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      })
      .catch((error: Error) => callback(error as NodeJS.ErrnoException, ''));
  };
  /** A host as an address names it (brackets off): refused unless it may be reached. */
  const literal = (hostname: string) => {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (exempt.has(host.toLowerCase())) return;
    if (hosts && !hosts.test(host)) throw new Refused(`${host} is not reachable from here`);
    if (isIP(host) && !allowAddress(host)) throw new Refused(NOT_PUBLIC);
  };
  return { lookup, literal };
}
