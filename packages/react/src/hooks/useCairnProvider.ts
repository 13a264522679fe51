import { getCairnProvider, type CairnEip1193Provider } from '@cairn/core';
import { useCairnInstance } from '../context.ts';

/**
 * The visitor's connected EVM wallet through Cairn as an EIP-1193 provider with events, for
 * viem's `custom()` or ethers' `BrowserProvider`. One per instance; stable across renders.
 */
export function useCairnProvider(): CairnEip1193Provider {
  return getCairnProvider(useCairnInstance('useCairnProvider'));
}
