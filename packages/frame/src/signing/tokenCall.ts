import { decodeFunctionData, maxUint256, size, type Address, type Hex } from 'viem';

/**
 * The token calls whose arguments decide who gets the user's tokens: ERC-20 transfer, transferFrom,
 * approve and increaseAllowance, and ERC-721/1155 setApprovalForAll. Their transaction goes to the
 * token contract with no value, so the receiver and the value rows alone say nothing of the spender
 * or the amount; the approval screen decodes them.
 */
const TOKEN_ABI = [
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'transferFrom', stateMutability: 'nonpayable', inputs: [{ name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'increaseAllowance', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'setApprovalForAll', stateMutability: 'nonpayable', inputs: [{ name: 'operator', type: 'address' }, { name: 'approved', type: 'bool' }], outputs: [] },
] as const;

export type TokenCall =
  | { name: 'transfer'; to: Address; amount: bigint }
  | { name: 'transferFrom'; from: Address; to: Address; amount: bigint }
  | { name: 'approve' | 'increaseAllowance'; spender: Address; amount: bigint | 'unlimited' }
  | { name: 'setApprovalForAll'; spender: Address; approved: boolean };

/**
 * `data` read as one of the token calls above; undefined for any other call, and for one whose
 * length is not exactly its arguments' (the screen then shows the bytes raw, not a reading that
 * could differ from what the contract reads).
 */
export function readTokenCall(data: Hex): TokenCall | undefined {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: TOKEN_ABI, data });
  } catch {
    return undefined;
  }
  if (size(data) !== 4 + 32 * decoded.args.length) return undefined;
  switch (decoded.functionName) {
    case 'transfer':
      return { name: 'transfer', to: decoded.args[0], amount: decoded.args[1] };
    case 'transferFrom':
      return { name: 'transferFrom', from: decoded.args[0], to: decoded.args[1], amount: decoded.args[2] };
    case 'approve':
    case 'increaseAllowance':
      // Most tokens treat the largest amount as an allowance that never runs down.
      return { name: decoded.functionName, spender: decoded.args[0], amount: decoded.args[1] === maxUint256 ? 'unlimited' : decoded.args[1] };
    case 'setApprovalForAll':
      return { name: 'setApprovalForAll', spender: decoded.args[0], approved: decoded.args[1] };
  }
}
