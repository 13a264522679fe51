import { describe, expect, it } from 'vitest';
import { encodeFunctionData, numberToHex, pad, parseAbi, type Hex } from 'viem';
import { TRANSFER_TOPIC, WITHDRAWAL_TOPIC } from './eventTopics.ts';
import type { RpcReceipt, RpcTransaction } from './fetchBlocks.ts';
import { routerNativePayouts } from './routerNativePayouts.ts';

// The devnet's wrapped coin burns (a Transfer to zero), which the accountRoutes test sees on the
// chain; WETH9 on public chains emits Withdrawal instead, shown here on a receipt as a node returns it.
const ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const VISITOR = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const abi = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const args = [10n ** 6n, 0n, [`0x${'11'.repeat(20)}`, WETH], VISITOR, 2n ** 40n] as const;
const tx = (functionName: 'swapExactTokensForETH' | 'swapExactTokensForTokens'): RpcTransaction => ({
  hash: `0x${'ab'.repeat(32)}`, from: VISITOR, to: ROUTER, value: '0x0', nonce: '0x1', transactionIndex: '0x0', input: encodeFunctionData({ abi, functionName, args }),
});
const log = (topics: Hex[], amount: bigint, logIndex: number) => ({ address: WETH as Hex, topics, data: pad(numberToHex(amount)), logIndex: numberToHex(logIndex), transactionHash: `0x${'ab'.repeat(32)}` as Hex });
const receipt = (logs: RpcReceipt['logs'], status: Hex = '0x1'): RpcReceipt => ({ transactionHash: `0x${'ab'.repeat(32)}`, blockHash: `0x${'cd'.repeat(32)}`, status, contractAddress: null, logs });
const withdrawal = log([WITHDRAWAL_TOPIC, pad(ROUTER)], 5n * 10n ** 15n, 4);

describe('routerNativePayouts', () => {
  it("records WETH9's unwrapping by the router as the native coin paid to the call's `to`", () => {
    expect(routerNativePayouts(1, 100, tx('swapExactTokensForETH'), receipt([withdrawal]))).toEqual([
      {
        chain_id: 1, tx_hash: `0x${'ab'.repeat(32)}`, log_index: -6, block_number: 100, standard: 'native', contract: null,
        from_address: ROUTER, to_address: VISITOR, amount: '5000000000000000', token_id: null,
      },
    ]);
  });

  it('reads a wrapped coin burnt by the router the same way', () => {
    const burn = log([TRANSFER_TOPIC, pad(ROUTER), pad('0x0000000000000000000000000000000000000000')], 7n, 9);
    expect(routerNativePayouts(1, 100, tx('swapExactTokensForETH'), receipt([burn])).map((row) => [row.to_address, row.amount, row.log_index])).toEqual([[VISITOR, '7', -11]]);
  });

  it('records nothing for another call, a reverted one, or an unwrap by someone else', () => {
    expect(routerNativePayouts(1, 100, tx('swapExactTokensForTokens'), receipt([withdrawal]))).toEqual([]);
    expect(routerNativePayouts(1, 100, tx('swapExactTokensForETH'), receipt([withdrawal], '0x0'))).toEqual([]);
    expect(routerNativePayouts(1, 100, tx('swapExactTokensForETH'), receipt([log([WITHDRAWAL_TOPIC, pad(VISITOR)], 5n, 4)]))).toEqual([]);
  });
});
