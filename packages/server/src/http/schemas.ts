/** JSON-schema pieces shared by routes. `description` is what the 400 message says a value must be. */

export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';

export const addressSchema = {
  type: 'string',
  pattern: ADDRESS_PATTERN,
  description: 'a 0x-prefixed 20-byte hex address',
} as const;

export const caip2ChainIdSchema = {
  type: 'string',
  pattern: '^eip155:[1-9][0-9]{0,15}$',
  description: 'a CAIP-2 chain id such as eip155:31337',
} as const;

export const caip10AddressSchema = {
  type: 'string',
  pattern: '^eip155:[1-9][0-9]{0,15}:0x[0-9a-fA-F]{40}$',
  description: 'a CAIP-10 account id such as eip155:31337:0x… (0xeeee…eeee for the native coin)',
} as const;

export const currencySchema = {
  type: 'string',
  enum: ['usd'],
  default: 'usd',
  description: '"usd" (the only currency this server prices in)',
} as const;

export const imageIdSchema = {
  type: 'string',
  pattern: '^[A-Za-z0-9._:+-]{1,200}$',
  description: 'an image id (letters, digits, ".", "_", ":", "+" or "-")',
} as const;

/** Parses `eip155:<n>` (already schema-checked) into the chain id. */
export function chainIdFromCaip2(caip2: string): number {
  return Number(caip2.slice('eip155:'.length));
}
