import { decodeErrorResult, isHex, parseAbi, type Hex } from 'viem';
import { JsonRpcError, jsonRpcRequest } from '@cairn/core/internal';
import type { CaipNetwork } from '@cairn/core';

// ERC-6093's token errors (OpenZeppelin 5 reverts with them): the reasons a token transfer fails.
// Error(string) and Panic(uint256) viem decodes without an ABI.
const TOKEN_ERRORS = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
]);

interface MinedTransaction {
  from: Hex;
  to: Hex | null;
  input: Hex;
  value: Hex;
  gas: Hex;
}

/**
 * Why a mined transaction reverted: the node's answer to the same call replayed on its block
 * ('execution reverted: …'), with a standard error's data decoded to its name or message.
 */
export async function evmTransactionFailure(params: { network: CaipNetwork; hash: string }): Promise<string | undefined> {
  const url = params.network.rpcUrls.default.http[0];
  if (!url) return undefined;
  const [transaction, receipt] = await Promise.all([
    jsonRpcRequest<MinedTransaction | null>(url, 'eth_getTransactionByHash', [params.hash]),
    jsonRpcRequest<{ blockNumber: Hex } | null>(url, 'eth_getTransactionReceipt', [params.hash]),
  ]);
  if (!transaction || !receipt || !transaction.to) return undefined;
  const call = { from: transaction.from, to: transaction.to, data: transaction.input, value: transaction.value, gas: transaction.gas };
  try {
    await jsonRpcRequest(url, 'eth_call', [call, receipt.blockNumber]);
    // The replay passes (the state moved on): the node no longer says why.
    return undefined;
  } catch (error) {
    if (!(error instanceof JsonRpcError)) return undefined;
    return describeRevert(error.message, error.data);
  }
}

function describeRevert(message: string, data: unknown): string {
  if (typeof data !== 'string' || !isHex(data) || data.length < 10) return message;
  try {
    const decoded = decodeErrorResult({ abi: TOKEN_ERRORS, data });
    // viem adds Error(string) and Panic(uint256) to any ABI; its types name only the ABI's own.
    const name: string = decoded.errorName;
    const first = (decoded.args as readonly unknown[] | undefined)?.[0];
    if (name === 'Error') return `execution reverted: ${String(first)}`;
    if (name === 'Panic') return `execution reverted: panic ${String(first)}`;
    return `execution reverted: ${name}`;
  } catch {
    return message;
  }
}
