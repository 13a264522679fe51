import type { CaipNetworkId, ChainNamespace } from './types.ts';

// CAIP-2 and CAIP-10 grammar: namespace [-a-z0-9]{3,8}, reference [-_a-zA-Z0-9]{1,32},
// account address [-.%a-zA-Z0-9]{1,128}.
const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/;
const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/;

export function isCaipNetworkId(value: string): value is CaipNetworkId {
  return CAIP2.test(value);
}

export function isCaipAddress(value: string): boolean {
  return CAIP10.test(value);
}

export function parseCaipNetworkId(value: string): { namespace: string; reference: string } {
  const match = CAIP2.exec(value);
  if (!match) throw new Error(`Invalid CAIP-2 chain id: ${value}`);
  return { namespace: match[1]!, reference: match[2]! };
}

export function parseCaipAddress(value: string): { namespace: string; reference: string; address: string } {
  const match = CAIP10.exec(value);
  if (!match) throw new Error(`Invalid CAIP-10 account id: ${value}`);
  return { namespace: match[1]!, reference: match[2]!, address: match[3]! };
}

export function toCaipNetworkId(namespace: ChainNamespace, reference: number | string): CaipNetworkId {
  const id = `${namespace}:${reference}`;
  if (!isCaipNetworkId(id)) throw new Error(`Invalid CAIP-2 chain id: ${id}`);
  return id;
}

export function toCaipAddress(networkId: CaipNetworkId, address: string): string {
  const id = `${networkId}:${address}`;
  if (!isCaipAddress(id)) throw new Error(`Invalid CAIP-10 account id: ${id}`);
  return id;
}
