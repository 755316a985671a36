import { isIPv4, isIPv6 } from 'node:net';
import type { NamedRateLimit } from '@portal/http';

const HOUR = 60 * 60;

/**
 * Every limit of the notifications service, in one place. Keyed by the client (clientKey of request.ip:
 * the gateway's view, or the trusted X-Forwarded-For chain with TRUST_PROXY).
 * Public forms, so generous enough for an office behind one address, tight enough for a script.
 */
export const RATE_LIMITS = {
  newsletterPerIp: { name: 'notifications:newsletter:ip', points: 10, durationSeconds: HOUR },
  messagesPerIp: { name: 'notifications:messages:ip', points: 10, durationSeconds: HOUR },
  applicationsPerIp: { name: 'notifications:applications:ip', points: 5, durationSeconds: HOUR },
  deadlineAlertsPerIp: { name: 'notifications:deadline-alerts:ip', points: 10, durationSeconds: HOUR },
} as const satisfies Record<string, NamedRateLimit>;

/**
 * What the per-client limits count by: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6
 * address by its /64 network. One subscriber line or server gets a whole /64, so a script could give
 * each request an address of its own and never meet a per-address limit.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  const [head, tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // An embedded IPv4 tail (::1.2.3.4) stands for two groups, both past the first four.
  const width = (part: string[]) => part.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const full =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(8 - width(groups(head)) - width(groups(tail))).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
