import net from 'node:net';

/**
 * The client address as the rate limits count it. One IPv6 subscriber is
 * handed a whole /64 (2^64 addresses to rotate through), so an IPv6 address
 * counts as its /64; an IPv4 address, also written IPv4-mapped, as itself.
 */
export function addressKey(ip: string): string {
  if (ip.toLowerCase().startsWith('::ffff:') && net.isIPv4(ip.slice(7))) return ip.slice(7);
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::') as [string, string?];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const front = groups(head);
  const back = groups(tail);
  // An embedded IPv4 tail (::1.2.3.4) is two groups, and never among the first four that count here.
  const written = front.length + back.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const all = tail === undefined ? front : [...front, ...Array<string>(8 - written).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
