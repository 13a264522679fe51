import type { TypedDataDefinition } from 'viem';

type Fields = Record<string, readonly { name: string; type: string }[]>;

const ARRAY_SUFFIX = /\[\d*\]$/;

/** `value` as `type` encodes it: a struct keeps only its declared fields, an array each item as its element type. */
function signedValue(value: unknown, type: string, types: Fields): unknown {
  if (ARRAY_SUFFIX.test(type)) {
    const item = type.replace(ARRAY_SUFFIX, '');
    return Array.isArray(value) ? value.map((entry) => signedValue(entry, item, types)) : value;
  }
  const fields = types[type];
  if (!fields || typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(fields.map(({ name, type: fieldType }) => [name, signedValue(record[name], fieldType, types)]));
}

/**
 * The typed data as EIP-712 signs it: the domain's and the message's fields that `types` declares,
 * nothing else. A site can put fields in the JSON that the signature never covers (a verifying
 * contract or chain beside an `EIP712Domain` of a name alone, an amount beside the real one); the
 * approval screen shows this, and the frame signs this, so what the user reads is what is signed.
 * Without an `EIP712Domain` type the domain's standard fields are its type (viem's rule), so the
 * domain is kept as it is. With `EIP712Domain` as primary type only the domain is signed, so no
 * message field is kept.
 */
export function signedTypedData(definition: TypedDataDefinition): TypedDataDefinition {
  const types = definition.types as unknown as Fields;
  const domainType = types.EIP712Domain;
  const domain = domainType && definition.domain ? signedValue(definition.domain, 'EIP712Domain', types) : definition.domain;
  // A domain as primary type signs the domain alone: no field of the message is signed.
  const message = definition.primaryType === 'EIP712Domain' ? {} : signedValue(definition.message, definition.primaryType as string, types);
  return { ...definition, ...(domain === undefined ? {} : { domain }), message } as TypedDataDefinition;
}
