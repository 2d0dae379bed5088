import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WebhookError } from './errors.js';

/**
 * Where webhooks may not go unless private targets are allowed: loopback, private, link-local
 * (the 169.254.169.254 metadata service among them), unspecified, shared (CGNAT), multicast and
 * reserved ranges. IPv6 forms that embed an IPv4 address (mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) are judged by the IPv4 address they carry. NAT64 local-use
 * `64:ff9b:1::/48` translates to addresses of the operator's choosing, so it is refused whole.
 */
const RANGES: ReadonlyArray<{ reason: string; v4: string[]; v6: string[] }> = [
  { reason: 'loopback', v4: ['127.0.0.0/8'], v6: ['::1/128'] },
  { reason: 'unspecified', v4: ['0.0.0.0/8'], v6: ['::/128'] },
  { reason: 'private', v4: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'], v6: ['fc00::/7', 'fec0::/10'] },
  { reason: 'link-local', v4: ['169.254.0.0/16'], v6: ['fe80::/10'] },
  { reason: 'shared (CGNAT)', v4: ['100.64.0.0/10'], v6: [] },
  { reason: 'multicast', v4: ['224.0.0.0/4'], v6: ['ff00::/8'] },
  { reason: 'reserved', v4: ['192.0.0.0/24', '198.18.0.0/15', '240.0.0.0/4'], v6: ['::/96', '64:ff9b:1::/48'] },
];

const BLOCKS = RANGES.map(({ reason, v4, v6 }) => {
  const list = new BlockList();
  for (const cidr of v4) addSubnet(list, cidr, 'ipv4');
  for (const cidr of v6) addSubnet(list, cidr, 'ipv6');
  return { reason, list };
});

function addSubnet(list: BlockList, cidr: string, type: 'ipv4' | 'ipv6'): void {
  const [network, prefix] = cidr.split('/');
  list.addSubnet(network, Number(prefix), type);
}

/** Why an IP address may not receive webhooks (`loopback`, `private`, …), or null when it may. */
export function refusedAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const embedded = family === 6 ? embeddedIpv4(address) : null;
  const [ip, type] = embedded ? [embedded, 'ipv4' as const] : [address, family === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  return BLOCKS.find(({ list }) => list.check(ip, type))?.reason ?? null;
}

/**
 * The IPv4 address inside an IPv4-mapped (`::ffff:0:0/96`) or NAT64 (`64:ff9b::/96`) address (its
 * last 32 bits), or a 6to4 address (`2002::/16`, the 32 bits after the prefix).
 */
function embeddedIpv4(address: string): string | null {
  const words = ipv6Words(address);
  if (!words) return null;
  const head = words.slice(0, 6).join(',');
  if (head === '0,0,0,0,0,65535' || head === '100,65435,0,0,0,0') return dotted(words[6], words[7]);
  if (words[0] === 0x2002) return dotted(words[1], words[2]);
  return null;
}

const dotted = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const words = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...tail].map((word) => parseInt(word, 16));
  return words.length === 8 && words.every((word) => word >= 0 && word <= 0xffff) ? words : null;
}

export interface DeliverableUrlOptions {
  /** Skip the address checks (DOCSIFT_WEBHOOK_ALLOW_PRIVATE=true); the scheme is still checked. */
  allowPrivate?: boolean;
  /** Resolves a host name to all its addresses; node:dns by default. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Accept a host name that does not resolve now (its delivery checks again, after its own lookup). */
  allowUnresolved?: boolean;
}

/**
 * Refuses a webhook URL that is not http(s) or whose host is, or resolves to, an address
 * `refusedAddressReason` refuses (any one refused address refuses the URL), or whose host name
 * does not resolve (unless `allowUnresolved`). Throws `WebhookError` `url_refused`; returns the
 * parsed URL otherwise.
 */
export async function assertDeliverableUrl(url: string, options: DeliverableUrlOptions = {}): Promise<URL> {
  const parsed = parseWebhookUrl(url);
  if (options.allowPrivate) return parsed;
  const host = hostOf(parsed);
  const addresses = isIP(host) ? [host] : (await resolveHost(host, options.resolve)).map((entry) => entry.address);
  if (addresses.length === 0 && !options.allowUnresolved) throw new WebhookError('url_refused', 'the webhook host name does not resolve');
  for (const address of addresses) {
    const reason = refusedAddressReason(address);
    if (reason) throw new WebhookError('url_refused', `webhook URLs may not point to a ${reason} address`);
  }
  return parsed;
}

/** Only absolute http and https URLs. Throws `WebhookError` `url_refused`. */
export function parseWebhookUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookError('url_refused', 'the webhook URL is not a valid absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new WebhookError('url_refused', 'webhook URLs must use http or https');
  }
  return parsed;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** All addresses of a host name; none when it does not resolve. */
async function resolveHost(host: string, resolve = lookupAll): Promise<LookupAddress[]> {
  try {
    return await resolve(host);
  } catch {
    return [];
  }
}

function lookupAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

export const ADDRESS_REFUSED_CODE = 'ERR_WEBHOOK_ADDRESS_REFUSED';

/**
 * A `lookup` for http.request (got's `dnsLookup`) that refuses a host resolving to a refused
 * address, so the connection goes only to addresses checked at delivery time.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const reason = addresses.map((entry) => refusedAddressReason(entry.address)).find((found) => found !== null);
    if (reason) {
      const refused = Object.assign(new Error(`webhook URLs may not point to a ${reason} address`), { code: ADDRESS_REFUSED_CODE });
      return callback(refused, '');
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};
