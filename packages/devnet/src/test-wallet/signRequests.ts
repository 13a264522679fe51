import { isAddressEqual, isHex, type Address, type Hex, type SignableMessage, type TypedDataDefinition } from 'viem';
import { invalidParams, unauthorized } from './errors.ts';

function asParams(params: unknown, method: string): readonly unknown[] {
  if (!Array.isArray(params)) throw invalidParams(`${method} expects an array of params`);
  return params;
}

/** The address a signing request names must be the wallet's (EIP-1193: 4100 otherwise). */
export function assertOwnAddress(requested: unknown, own: Address): void {
  if (typeof requested !== 'string' || !isHex(requested) || requested.length !== 42 || !isAddressEqual(requested, own)) {
    throw unauthorized();
  }
}

/**
 * personal_sign params: [message, address]. A 0x-hex message is raw bytes (MetaMask's rule, and
 * what dapps encode with toHex); anything else is signed as UTF-8 text.
 */
export function parsePersonalSign(params: unknown): { message: SignableMessage; address: unknown } {
  const [message, address] = asParams(params, 'personal_sign');
  if (typeof message !== 'string') throw invalidParams('personal_sign message must be a string');
  return { message: isHex(message) ? { raw: message as Hex } : message, address };
}

/** eth_signTypedData_v4 params: [address, typedData as a JSON string (or an object)]. */
export function parseSignTypedData(params: unknown): { typedData: TypedDataDefinition; address: unknown } {
  const [address, raw] = asParams(params, 'eth_signTypedData_v4');
  let typedData: unknown;
  try {
    typedData = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw invalidParams('eth_signTypedData_v4 typed data is not valid JSON');
  }
  if (!typedData || typeof typedData !== 'object' || !('types' in typedData) || !('primaryType' in typedData)) {
    throw invalidParams('eth_signTypedData_v4 typed data needs types, primaryType, domain and message');
  }
  return { typedData: typedData as TypedDataDefinition, address };
}
