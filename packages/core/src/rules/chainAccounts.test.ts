import { describe, expect, it } from 'vitest';
import { chainAccounts, frameAccountDetails } from './chainAccounts.ts';

const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SMART = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SOLANA = '8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh';
const EOA_KEY = `0x04${'ab'.repeat(64)}`;

describe('library-level accounts (SPEC §3: namespace, address, type, publicKey, path)', () => {
  it('a browser wallet (injected, WalletConnect) gives addresses alone: each account says its namespace and address', () => {
    expect(chainAccounts('eip155', [EOA, SMART])).toEqual([
      { namespace: 'eip155', address: EOA },
      { namespace: 'eip155', address: SMART },
    ]);
  });

  it("the embedded wallet's EVM accounts: the key's own with its public key and BIP-44 path, the smart account with its type alone", () => {
    const details = frameAccountDetails(
      [
        { address: SMART, type: 'smartAccount' },
        { address: EOA, type: 'eoa', publicKey: EOA_KEY, path: "m/44'/60'/0'/0/0" },
        { address: SOLANA, type: 'eoa', namespace: 'solana', publicKey: SOLANA, path: "m/44'/501'/0'/0'" },
      ],
      'eip155',
    );
    expect(chainAccounts('eip155', [EOA], details)).toEqual([{ namespace: 'eip155', address: EOA, type: 'eoa', publicKey: EOA_KEY, path: "m/44'/60'/0'/0/0" }]);
    expect(chainAccounts('eip155', [SMART], details)).toEqual([{ namespace: 'eip155', address: SMART, type: 'smartAccount' }]);
  });

  it("the embedded wallet's Solana account: its ed25519 key (base58) and SLIP-0010 path", () => {
    const details = frameAccountDetails([{ address: EOA, type: 'eoa' }, { address: SOLANA, type: 'eoa', namespace: 'solana', publicKey: SOLANA, path: "m/44'/501'/0'/0'" }], 'solana');
    expect(chainAccounts('solana', [SOLANA], details)).toEqual([{ namespace: 'solana', address: SOLANA, type: 'eoa', publicKey: SOLANA, path: "m/44'/501'/0'/0'" }]);
  });

  it('keeps what the wallet gave of an account when it later names addresses alone (an account switch), and drops accounts it no longer names', () => {
    const known = chainAccounts('eip155', [EOA], [{ address: EOA, type: 'eoa', publicKey: EOA_KEY }]);
    expect(chainAccounts('eip155', [SMART, EOA], [], known)).toEqual([
      { namespace: 'eip155', address: SMART },
      { namespace: 'eip155', address: EOA, type: 'eoa', publicKey: EOA_KEY },
    ]);
    expect(chainAccounts('eip155', [SMART], [], known)).toEqual([{ namespace: 'eip155', address: SMART }]);
  });
});
