import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of an IPv6 address (zone id already removed), an embedded IPv4 tail folded into the last two. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1].split('.').map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(rest);
  return rest === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key every per-address limit counts under: an IPv4 address as is (an IPv4-mapped IPv6 address
 * as its IPv4 form), an IPv6 address by its /64 network, since one subscriber holds a whole /64 and
 * rotates through it at will. Zone ids (`fe80::1%eth0`) and brackets are dropped; anything that is
 * not an address (`unknown`) stays itself.
 */
export function clientAddressKey(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip.trim();
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
