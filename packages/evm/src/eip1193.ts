/** The EIP-1193 surface the adapter relies on. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  // Each event passes its own arguments: `unknown[]` would refuse a listener typed for one of them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on?(event: string, listener: (...args: any[]) => void): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  removeListener?(event: string, listener: (...args: any[]) => void): void;
}

export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function';
}

/** EIP-1193 error codes the adapter acts on. */
export const ProviderErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  methodNotFound: -32601,
} as const;

/** Wallets nest the real code differently (MetaMask mobile puts 4902 in data.originalError). */
export function providerErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, data } = error as { code?: unknown; data?: { originalError?: { code?: unknown } } };
  if (typeof code === 'number') {
    const inner = data?.originalError?.code;
    return code === -32603 && typeof inner === 'number' ? inner : code;
  }
  return undefined;
}
