import { describe, expect, it } from 'vitest';
import { walletAssetsFromBalances } from './walletAssets.ts';

const balance = (overrides: object) => ({ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '', ...overrides });

describe('walletAssetsFromBalances', () => {
  it("answers wallet_getAssets per hex chain id, with hex balances, NATIVE and ERC20 (SPEC §3)", () => {
    const usdc = balance({ name: 'USD Coin', symbol: 'USDC', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', price: 1, quantity: { decimals: '6', numeric: '12.34' } });
    expect(walletAssetsFromBalances([balance({}), usdc])).toEqual({
      '0x7a69': [
        { address: 'native', balance: '0x14d1120d7b160000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: '' } },
        { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', balance: '0xbc4b20', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: '' } },
      ],
    });
  });

  it('leaves out 0-decimal tokens and other namespaces', () => {
    expect(walletAssetsFromBalances([balance({ address: '0x01', quantity: { decimals: '0', numeric: '5' } }), balance({ chainId: 'solana:localnet' })])).toEqual({});
  });
});
