import { TEST_ACCOUNTS } from '@cairn/devnet';
import { parseAbi, parseEther } from 'viem';
import { DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import type { TestChain } from './testDevnet.ts';

const routerAbi = parseAbi(['function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)']);

/**
 * The price attack on a devnet chain: its ETH/TUSD pool has stood `stoodSeconds` when test
 * account 3 dumps 400 ETH into it in one block (Ether's spot price falls to about a fifth), and
 * the next block is mined 12 s later, before anyone quotes.
 */
export async function pushEtherPool(chain: TestChain, stoodSeconds = 600): Promise<void> {
  await chain.rpc('evm_increaseTime', [stoodSeconds]);
  const hash = await chain.wallet(3).writeContract({
    address: DEVNET_CONTRACTS.ammRouter,
    abi: routerAbi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.testUsd], TEST_ACCOUNTS[3]!.address, 2n ** 40n],
    value: parseEther('400'),
  });
  await chain.client.waitForTransactionReceipt({ hash });
  await chain.rpc('evm_increaseTime', [12]);
  await chain.rpc('evm_mine');
}
