import ipaddr from 'ipaddr.js';

/**
 * What per-client rate limits count by: an IPv4 address as it is (one written as IPv4-mapped IPv6 too),
 * an IPv6 address by its /64 network. One subscriber line or server gets a whole /64, so a script could
 * give each request an address of its own and never meet a per-address limit. Anything that is not an
 * address (a test's made-up client) is its own key.
 */
/** Whether `ip` is this machine (127.0.0.0/8, ::1, or IPv4-mapped 127.x); false for anything else. */
export function isLoopback(ip: string): boolean {
  try {
    return ipaddr.process(ip.replace(/%.*$/, '')).range() === 'loopback';
  } catch {
    return false;
  }
}

export function clientKey(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns an IPv4-mapped IPv6 address into the IPv4 one.
    address = ipaddr.process(ip.replace(/%.*$/, ''));
  } catch {
    return ip;
  }
  if (address instanceof ipaddr.IPv4) return address.toString();
  const network = address.parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
