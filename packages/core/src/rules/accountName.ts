/** SPEC §9: the name suffixes the field uses, accepted as zones beside the server's own. */
export const KNOWN_NAME_ZONES = ['.reown.id', '.wcn.id'] as const;

/** SPEC §5: letters, digits and hyphens, at least 4 characters (and a DNS label's 63 at most). */
export function isValidNameLabel(label: string): boolean {
  return /^[a-z0-9-]{4,63}$/i.test(label) && !label.startsWith('-') && !label.endsWith('-');
}

/** What an address signs (personal_sign) to register a name: the name, itself, and when. */
export interface NameRegistration {
  name: string;
  address: string;
  /** Seconds since the epoch; the server refuses a stale one. */
  timestamp: number;
}

export function nameRegistrationMessage(registration: NameRegistration): string {
  return JSON.stringify({ name: registration.name, address: registration.address, timestamp: registration.timestamp });
}

/** The registration a signed message stands for, or undefined for any other text. */
export function parseNameRegistration(message: string): NameRegistration | undefined {
  if (message.length > 1000) return undefined;
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    const { name, address, timestamp } = value;
    if (typeof name !== 'string' || typeof address !== 'string' || typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) return undefined;
    if (Object.keys(value).length !== 3) return undefined;
    return { name, address, timestamp };
  } catch {
    return undefined;
  }
}

/** SPEC §5: names are supported only on eip155; identity (a name and its avatar) with them. */
export function namesSupportedOn(namespace: string | undefined): boolean {
  return namespace === 'eip155';
}

/** SPEC §5: Account offers a name to an account without one where names are supported, when the site has a server. */
export function offersNameRegistration(input: { hasServer: boolean; namespace: string | undefined; profileName: string | undefined }): boolean {
  return input.hasServer && namesSupportedOn(input.namespace) && !input.profileName;
}
