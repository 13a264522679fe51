import { clientNetwork } from '../http/clientNetwork.ts';
import { keyedHash } from './oneTimeCode.ts';

/**
 * What a new device's request keeps of where it came from (session 25): the rate limiter's client
 * key for `ip` (an IPv4 address, an IPv6 /64; request.ip, which follows X-Forwarded-For only as
 * far as TRUST_PROXY allows) under the login secret. Two requests compare equal on the same
 * network; a copy of the database alone cannot list the networks' addresses (the IPv4 space is
 * small enough to hash whole without the key).
 */
export function requesterNetworkHash(secret: Uint8Array, ip: string | undefined): string {
  return keyedHash(secret, 'device-request-network', clientNetwork(ip ?? ''));
}
