import { isIP } from 'node:net';

/**
 * Whether a TRUST_PROXY list trusts every address of IPv4 or of IPv6 (issue 33 row 6). `true` is
 * refused because it lets a client choose its own address; `0.0.0.0/0`, `::/0`, or any set of
 * ranges whose union is the whole of either family (`0.0.0.0/1,128.0.0.0/1`) is the same thing in
 * other words. IPv4-mapped IPv6 ranges (`::ffff:0:0/96`) count toward IPv4. The named ranges
 * (loopback, linklocal, uniquelocal) never cover everything and are skipped.
 */
export function coversEveryAddress(entries: readonly string[]): 'IPv4' | 'IPv6' | null {
  const v4: [bigint, bigint][] = [];
  const v6: [bigint, bigint][] = [];
  for (const entry of entries) {
    const [address, prefixText] = entry.split('/');
    const family = isIP(address);
    if (family === 4) v4.push(range(ipv4(address), prefixText === undefined ? 32 : Number(prefixText), 32));
    else if (family === 6) {
      const r = range(ipv6(address), prefixText === undefined ? 128 : Number(prefixText), 128);
      v6.push(r);
      // The IPv4-mapped block ::ffff:0:0/96, as IPv4.
      const lo = MAPPED;
      const hi = MAPPED + 0xffffffffn;
      const from = r[0] > lo ? r[0] : lo;
      const to = r[1] < hi ? r[1] : hi;
      if (from <= to) v4.push([from - MAPPED, to - MAPPED]);
    }
  }
  if (covers(v6, (1n << 128n) - 1n)) return 'IPv6';
  if (covers(v4, (1n << 32n) - 1n)) return 'IPv4';
  return null;
}

const MAPPED = 0xffffn << 32n;

function range(base: bigint, prefix: number, bits: number): [bigint, bigint] {
  const size = 1n << BigInt(bits - prefix);
  const start = (base / size) * size;
  return [start, start + size - 1n];
}

/** Whether the ranges together cover 0…max. */
function covers(ranges: [bigint, bigint][], max: bigint): boolean {
  let next = 0n;
  for (const [from, to] of [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (from > next) return false;
    if (to + 1n > next) next = to + 1n;
    if (next > max) return true;
  }
  return false;
}

function ipv4(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) + BigInt(Number(part)), 0n);
}

function ipv6(address: string): bigint {
  let text = address.toLowerCase();
  const groups: number[] = [];
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tailGroups: number[] = [];
  if (tail) {
    const n = Number(ipv4(tail[1]));
    tailGroups = [Math.floor(n / 65536), n % 65536];
    text = text.slice(0, -tail[1].length).replace(/:$/, '') || ':';
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, null];
  const h = head ? head.split(':').filter((x) => x !== '').map((x) => parseInt(x, 16)) : [];
  const r = rest ? rest.split(':').filter((x) => x !== '').map((x) => parseInt(x, 16)) : [];
  const missing = 8 - h.length - r.length - tailGroups.length;
  groups.push(...h, ...(rest === null ? [] : Array<number>(Math.max(0, missing)).fill(0)), ...r, ...tailGroups);
  return groups.reduce((n, g) => (n << 16n) + BigInt(g), 0n);
}
