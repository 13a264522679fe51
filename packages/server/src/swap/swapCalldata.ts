import { encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';

const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);
const erc20Abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);

export type SwapCall = {
  path: Address[];
  amountIn: bigint;
  amountOutMin: bigint;
  recipient: Address;
  deadline: bigint;
  fromNative: boolean;
  toNative: boolean;
};

/** The router call for an exact-input swap, and the wei it carries (a swap from the native coin). */
export function swapCalldata({ path, amountIn, amountOutMin, recipient, deadline, fromNative, toNative }: SwapCall): { data: Hex; value: bigint } {
  if (fromNative) {
    return { data: encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [amountOutMin, path, recipient, deadline] }), value: amountIn };
  }
  const functionName = toNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
  return { data: encodeFunctionData({ abi: routerAbi, functionName, args: [amountIn, amountOutMin, path, recipient, deadline] }), value: 0n };
}

export function approveCalldata(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
}
