import { hexToBigInt, isHex, type Address, type Hex, type LocalAccount } from 'viem';
import { invalidParams } from './errors.ts';
import { forwardRpc } from './forwardRpc.ts';

/** The eth_sendTransaction object a dapp sends (all quantities hex). */
export type TransactionRequest = {
  from?: Address;
  to?: Address | null;
  value?: Hex;
  data?: Hex;
  input?: Hex;
  gas?: Hex;
  gasPrice?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  nonce?: Hex;
  chainId?: Hex;
};

const quantity = (value: Hex | undefined): bigint | undefined => (value === undefined ? undefined : hexToBigInt(value));

/**
 * Fills what the dapp left out (nonce, gas, fees) from the chain, as a wallet does, signs
 * locally and broadcasts. Resolves with the transaction hash.
 */
export async function sendTransaction(
  account: LocalAccount,
  chainId: number,
  rpcUrl: string,
  request: TransactionRequest,
): Promise<Hex> {
  const rpc = (method: string, params: unknown[]) => forwardRpc(rpcUrl, method, params);
  const data = request.data ?? request.input;
  if (data !== undefined && !isHex(data)) throw invalidParams('transaction data must be hex');
  if (request.chainId !== undefined && Number(request.chainId) !== chainId) {
    throw invalidParams(`transaction chainId ${Number(request.chainId)} is not the wallet's chain ${chainId}`);
  }
  const call = { from: account.address, to: request.to ?? undefined, value: request.value, data };

  const nonce = request.nonce !== undefined ? Number(request.nonce) : Number(await rpc('eth_getTransactionCount', [account.address, 'pending']));
  const gas = quantity(request.gas) ?? hexToBigInt((await rpc('eth_estimateGas', [call])) as Hex);
  const common = { chainId, nonce, gas, to: request.to ?? undefined, value: quantity(request.value), data };

  let signed: Hex;
  if (request.gasPrice !== undefined) {
    signed = await account.signTransaction({ ...common, type: 'legacy', gasPrice: quantity(request.gasPrice) });
  } else {
    const maxPriorityFeePerGas =
      quantity(request.maxPriorityFeePerGas) ?? hexToBigInt((await rpc('eth_maxPriorityFeePerGas', [])) as Hex);
    const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex };
    const baseFee = quantity(block.baseFeePerGas) ?? 0n;
    const maxFeePerGas = quantity(request.maxFeePerGas) ?? baseFee * 2n + maxPriorityFeePerGas;
    signed = await account.signTransaction({ ...common, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas });
  }
  return (await rpc('eth_sendRawTransaction', [signed])) as Hex;
}
