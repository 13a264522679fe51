import { createWalletClient, defineChain, http, isAddressEqual, isHex, type Address, type Chain, type HDAccount, type Hex, type TransactionRequest } from 'viem';

export interface WalletChain {
  chainId: number;
  name: string;
  rpcUrl: string;
}

/** EIP-1193 codes the wallet answers a refused request with. */
export const UNAUTHORIZED = 4100;
export const UNSUPPORTED_METHOD = 4200;
export const UNRECOGNIZED_CHAIN = 4902;

export class WalletRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'WalletRequestError';
  }
}

export function viemChain(chain: WalletChain): Chain {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
}

const quantity = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? BigInt(value) : undefined);

/** A dapp's transaction parameter (hex quantities, EIP-1474) as viem's request. */
export function toTransactionRequest(tx: Record<string, unknown>): TransactionRequest {
  const request: Record<string, unknown> = {
    to: tx.to,
    data: tx.data ?? tx.input,
    value: quantity(tx.value),
    gas: quantity(tx.gas ?? tx.gasLimit),
    nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
  };
  if (tx.maxFeePerGas !== undefined) {
    request.maxFeePerGas = quantity(tx.maxFeePerGas);
    request.maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas);
  } else if (tx.gasPrice !== undefined) {
    request.gasPrice = quantity(tx.gasPrice);
  }
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)) as TransactionRequest;
}

function checkAddress(account: HDAccount, address: unknown) {
  if (typeof address !== 'string' || !isAddress(address) || !isAddressEqual(address, account.address)) {
    throw new WalletRequestError(UNAUTHORIZED, `This wallet holds ${account.address}, not ${String(address)}`);
  }
}
const isAddress = (value: string): value is Address => /^0x[0-9a-fA-F]{40}$/.test(value);

/**
 * Signs or sends what a dapp asked for, with the selected devnet account, on the request's chain.
 * wallet_switchEthereumChain is not here: it changes the wallet, not just answers (see createWebWallet).
 */
export async function performRequest(method: string, params: unknown, account: HDAccount, chain: WalletChain | undefined): Promise<unknown> {
  const list = (Array.isArray(params) ? params : []) as unknown[];
  switch (method) {
    case 'personal_sign': {
      const [message, address] = list as [string, string];
      checkAddress(account, address);
      return account.signMessage({ message: isHex(message) ? { raw: message } : message });
    }
    case 'eth_signTypedData_v4': {
      const [address, typedData] = list as [string, string | object];
      checkAddress(account, address);
      return account.signTypedData(typeof typedData === 'string' ? JSON.parse(typedData) : typedData);
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      if (!chain) throw new WalletRequestError(UNRECOGNIZED_CHAIN, 'This wallet does not know the chain of the request');
      const tx = (list[0] ?? {}) as Record<string, unknown>;
      if (tx.from !== undefined) checkAddress(account, tx.from);
      const client = createWalletClient({ account, chain: viemChain(chain), transport: http() });
      const prepared = await client.prepareTransactionRequest({ ...toTransactionRequest(tx), account, chain: client.chain });
      const signed: Hex = await account.signTransaction(prepared as Parameters<HDAccount['signTransaction']>[0]);
      if (method === 'eth_signTransaction') return signed;
      return client.sendRawTransaction({ serializedTransaction: signed });
    }
    default:
      throw new WalletRequestError(UNSUPPORTED_METHOD, `This wallet does not support ${method}`);
  }
}
