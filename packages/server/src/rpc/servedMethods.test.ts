import { describe, expect, it } from 'vitest';
import { isServedMethod } from './servedMethods.ts';

describe('isServedMethod', () => {
  it('serves eip155 reads, fees, filters and signed transactions', () => {
    for (const method of ['eth_call', 'eth_getBalance', 'eth_estimateGas', 'eth_feeHistory', 'eth_newBlockFilter', 'eth_getFilterChanges', 'eth_sendRawTransaction']) {
      expect(isServedMethod('eip155', method), method).toBe(true);
    }
  });

  it('never serves node keys, node control or debugging on eip155', () => {
    for (const method of ['eth_sendTransaction', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData_v4', 'personal_sign', 'personal_unlockAccount', 'anvil_setBalance', 'anvil_impersonateAccount', 'debug_traceTransaction', 'admin_peers', 'hardhat_mine', 'evm_mine', 'trace_block', 'txpool_content', '__proto__', 'toString']) {
      expect(isServedMethod('eip155', method), method).toBe(false);
    }
  });

  it('keeps each namespace to its own list', () => {
    expect(isServedMethod('solana', 'sendTransaction')).toBe(true);
    expect(isServedMethod('solana', 'requestAirdrop')).toBe(false);
    expect(isServedMethod('solana', 'eth_call')).toBe(false);
    expect(isServedMethod('polkadot', 'author_submitExtrinsic')).toBe(true);
    expect(isServedMethod('polkadot', 'author_insertKey')).toBe(false);
    expect(isServedMethod('eip155', 'getBalance')).toBe(false);
  });
});
