import { describe, expect, it } from 'vitest';
import type { CaipNetwork } from '../../types.ts';
import { failedSendReason, SEND_OUTCOME_TEXTS, transactionExplorerLink, transactionExplorerUrl } from './sendOutcome.ts';

const network = (chainNamespace: CaipNetwork['chainNamespace'], explorer?: string): CaipNetwork => ({
  id: 1,
  caipNetworkId: `${chainNamespace}:1`,
  chainNamespace,
  name: 'Test',
  nativeCurrency: { name: 'Coin', symbol: 'C', decimals: 18 },
  rpcUrls: { default: { http: [] } },
  ...(explorer ? { blockExplorers: { default: { name: 'Scan', url: explorer } } } : {}),
});

describe('failedSendReason (SPEC §8 node texts)', () => {
  it("gives the contract's reason for a revert", () => {
    expect(failedSendReason('execution reverted: ERC20InsufficientBalance')).toBe('The contract refused the transaction: ERC20InsufficientBalance');
    expect(failedSendReason('execution reverted: ERC20: transfer amount exceeds balance')).toBe('The contract refused the transaction: ERC20: transfer amount exceeds balance');
    expect(failedSendReason('execution reverted')).toBe(SEND_OUTCOME_TEXTS.reverted);
  });

  it('cuts an undecoded custom error to its selector', () => {
    expect(failedSendReason(`execution reverted: custom error 0xe450d38c: ${'00'.repeat(96)}`)).toBe('The contract refused the transaction: custom error 0xe450d38c');
  });

  it("says the node's other errors as Send does, and keeps an unknown one", () => {
    expect(failedSendReason('insufficient funds for gas * price + value')).toMatch(/Not enough funds/);
    expect(failedSendReason('out of gas')).toBe('out of gas');
    expect(failedSendReason(undefined)).toBeUndefined();
    expect(failedSendReason('  ')).toBeUndefined();
  });
});

describe('transactionExplorerUrl', () => {
  it("is the explorer's transaction page, per namespace (Subscan names it extrinsic)", () => {
    expect(transactionExplorerUrl(network('eip155', 'https://etherscan.io/'), '0xab')).toBe('https://etherscan.io/tx/0xab');
    expect(transactionExplorerUrl(network('solana', 'https://explorer.solana.com'), '5sig')).toBe('https://explorer.solana.com/tx/5sig');
    expect(transactionExplorerUrl(network('polkadot', 'https://polkadot.subscan.io'), '0xcd')).toBe('https://polkadot.subscan.io/extrinsic/0xcd');
    expect(transactionExplorerUrl(network('bip122', 'https://mempool.space'), 'ef')).toBe('https://mempool.space/tx/ef');
  });

  it('is none without an explorer, or with one that is not a web page', () => {
    expect(transactionExplorerUrl(network('eip155'), '0xab')).toBeUndefined();
    expect(transactionExplorerUrl(network('eip155', 'javascript:alert(1)'), '0xab')).toBeUndefined();
  });
});

describe('transactionExplorerLink', () => {
  it("names the explorer beside its page; none on a network without one", () => {
    expect(transactionExplorerLink({ ...network('eip155', 'https://etherscan.io/'), blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } } }, '0xab')).toEqual({
      url: 'https://etherscan.io/tx/0xab',
      name: 'Etherscan',
    });
    expect(transactionExplorerLink(network('eip155'), '0xab')).toBeUndefined();
  });
});
