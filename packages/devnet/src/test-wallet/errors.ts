/** EIP-1193 / EIP-1474 errors, with MetaMask's wording (see shared/vectors/provider). */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ProviderRpcError';
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.');

export const unauthorized = () =>
  new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.');

export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, 'The requested method is not supported by this Ethereum provider.', { method });

export const disconnected = () => new ProviderRpcError(4900, 'The provider is disconnected from all chains.');

export const chainDisconnected = (chainId: number) =>
  new ProviderRpcError(4901, 'The provider is disconnected from the specified chain.', { chainId });

// 4902 is wallet-defined (MetaMask, Coinbase): the signal to call wallet_addEthereumChain.
export const unrecognizedChain = (chainIdHex: string) =>
  new ProviderRpcError(4902, `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`);

export const invalidRequest = (detail: string) => new ProviderRpcError(-32600, `Invalid request: ${detail}`);

export const invalidParams = (detail: string) => new ProviderRpcError(-32602, `Invalid method parameter(s): ${detail}`);

export const internalError = (detail: string) => new ProviderRpcError(-32603, `Internal JSON-RPC error: ${detail}`);
