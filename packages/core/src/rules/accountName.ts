import { namespaceOffers } from '../namespaces.ts';

/** SPEC §5: letters, digits and hyphens, at least 4 characters (and a DNS label's 63 at most). */
export function isValidNameLabel(label: string): boolean {
  return /^[a-z0-9-]{4,63}$/i.test(label) && !label.startsWith('-') && !label.endsWith('-');
}

/**
 * What an address signs (personal_sign) to register a name: the name, itself, the zone of the
 * server it registers on and that server's single-use nonce (so the text is good once, on one
 * server), and when (the server takes only a time newer than the address's last registration).
 */
export interface NameRegistration {
  address: string;
  name: string;
  /** From the server's GET /v1/profile/nonce; the server takes it once. */
  nonce: string;
  /** Seconds since the epoch; the server refuses a stale one. */
  timestamp: number;
  /** The server's zone, e.g. `.cairn.id`; `name` ends with it. */
  zone: string;
}

const NONCE = /^[A-Za-z0-9]{8,64}$/;

/** The registration's one text: JSON, keys in sorted order, no whitespace. */
export function nameRegistrationMessage(registration: NameRegistration): string {
  const { address, name, nonce, timestamp, zone } = registration;
  return JSON.stringify({ address, name, nonce, timestamp, zone });
}

/**
 * The registration a signed message stands for, or undefined for any other text. Only the
 * canonical text is read: a duplicate key, another key order, spaces or escapes could make the
 * server read another registration than the one the wallet showed.
 */
export function parseNameRegistration(message: string): NameRegistration | undefined {
  if (message.length > 1000) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { address, name, nonce, timestamp, zone } = value as Record<string, unknown>;
  if (typeof address !== 'string' || typeof name !== 'string' || typeof zone !== 'string') return undefined;
  if (typeof nonce !== 'string' || !NONCE.test(nonce) || typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) return undefined;
  const registration = { address, name, nonce, timestamp, zone };
  return nameRegistrationMessage(registration) === message ? registration : undefined;
}

/** SPEC §5: names are supported only on eip155; identity (a name and its avatar) with them. */
export function namesSupportedOn(namespace: string | undefined): boolean {
  return namespaceOffers(namespace, 'names');
}

/** SPEC §5: Account offers a name to an account without one where names are supported, when the site has a server. */
export function offersNameRegistration(input: { hasServer: boolean; namespace: string | undefined; profileName: string | undefined }): boolean {
  return input.hasServer && namesSupportedOn(input.namespace) && !input.profileName;
}
