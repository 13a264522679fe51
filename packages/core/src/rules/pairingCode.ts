import { sha256 } from '@noble/hashes/sha2';

// A new device's pairing code (issue 27, session 21): the new device shows it; the person types it
// on a device that has the wallet open, whose server finds the waiting request by it. Both ends
// compute it from the request, so it lives here, once.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Crockford base32 reads I and L as 1, O as 0; dashes and spaces are only for the eye. */
const READ_AS: Record<string, string> = { I: '1', L: '1', O: '0' };

/** The fields of a device request the code covers: the server's random id, the new device's id and keys. */
export interface PairingCodeInput {
  id: string;
  deviceId: string;
  devicePublicKey: string;
  exchangeKey: string;
}

/** 40 bits of SHA-256 over the request, Crockford base32 in two groups of four: 'K3T9-4QZA'. */
export function pairingCode(request: PairingCodeInput): string {
  const digest = sha256(new TextEncoder().encode(`cairn-pairing:v2\n${request.id}\n${request.deviceId}\n${request.devicePublicKey}\n${request.exchangeKey}`));
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) text += CROCKFORD[Number((bits >> shift) & 31n)];
  return `${text.slice(0, 4)}-${text.slice(4, 8)}`;
}

/**
 * A code as a person typed it, in the form `pairingCode` writes it; undefined when it cannot be one
 * (not eight Crockford characters once dashes and spaces are gone). Lower case, I, L and O are read
 * as Crockford reads them.
 */
export function readPairingCode(typed: string): string | undefined {
  if (typed.length > 32) return undefined;
  const plain = [...typed.toUpperCase().replace(/[\s-]/g, '')].map((char) => READ_AS[char] ?? char).join('');
  if (plain.length !== 8 || [...plain].some((char) => !CROCKFORD.includes(char))) return undefined;
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}
