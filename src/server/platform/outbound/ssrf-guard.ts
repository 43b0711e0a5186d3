import { type LookupAddress, lookup } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of outgoing Slack and webhook calls (decision 029). In production a target may
 * only reach public unicast addresses: loopback, private (RFC 1918, unique-local), link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and unspecified
 * addresses are refused, IPv4-mapped IPv6 judged as the IPv4 it carries. It is checked when a
 * channel is saved and again at every send, on the very address the socket connects to (the
 * lookup below), so a DNS answer that changes between check and connect cannot slip through.
 */

export class UnsafeTargetError extends Error {
  override name = 'UnsafeTargetError';
}

/** Why connecting to `address` is refused, or null when it is a public unicast address. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}

/** Resolves a host name the way the socket will and refuses any non-public answer. */
export async function assertPublicHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const answers = ipaddr.isValid(host)
    ? [{ address: host }]
    : await lookupAsync(host, { all: true }).catch(() => {
        throw new UnsafeTargetError(`${host} does not resolve`);
      });
  for (const answer of answers) {
    const refusal = addressRefusal(answer.address);
    if (refusal) throw new UnsafeTargetError(`${host} resolves to a non-public address (${refusal})`);
  }
}

/** A `lookup` for http(s).request that refuses non-public answers (production sends). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.map((entry) => addressRefusal(entry.address)).find(Boolean);
    if (refused)
      return callback(
        new UnsafeTargetError(`${hostname} resolves to a non-public address (${refused})`),
        '',
        4,
      );
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new UnsafeTargetError(`${hostname} does not resolve`), '', 4);
    return callback(null, first.address, first.family);
  });
};
