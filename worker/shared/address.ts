// A client's address, as every per-address limit counts it: Cloudflare's CF-Connecting-IP, an
// IPv6 address cut to its /64; and how the edge hands it to a match object.

/** When no address is known (local `wrangler dev` without a proxy in front), every client is this one. */
export const LOCAL_ADDRESS = 'local';

/**
 * The key for a client: its CF-Connecting-IP, IPv6 cut to its /64 (one host
 * usually holds a whole /64, so per-address would be no limit at all).
 */
export function clientKey(ip: string | null | undefined): string {
  if (!ip) return LOCAL_ADDRESS;
  if (!ip.includes(':')) return ip;
  const [head = ''] = ip.split('::');
  const groups = ip.includes('::') ? head.split(':').filter(Boolean) : ip.split(':');
  return `${[...groups, '0', '0', '0', '0'].slice(0, 4).join(':')}::/64`;
}

/**
 * The client's address, as the worker's route passes it to the match. The route always sets it
 * from CF-Connecting-IP (which Cloudflare sets, and a client cannot), overwriting whatever the
 * client sent under this name. (Local `wrangler dev` sets CF-Connecting-IP to the peer's
 * address, and passes one a client sends through: locally the address can be spoofed.)
 */
export const ADDRESS_HEADER = 'X-Darkmoor-Address';

/** Longer than any clientKey of a real address; a tag must stay short (a few hundred bytes at most). */
const MAX_ADDRESS = 64;

/** The request for the match object, with the client's address in ADDRESS_HEADER. */
export function withAddress(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set(ADDRESS_HEADER, clientKey(req.headers.get('CF-Connecting-IP')).slice(0, MAX_ADDRESS));
  return new Request(req, { headers });
}

export const addressOf = (req: Request): string => req.headers.get(ADDRESS_HEADER) || LOCAL_ADDRESS;
