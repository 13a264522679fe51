import { readVector } from '@cairn/devnet/testing';
import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { decodeBitcoinAddress, isBitcoinAddress, normalizeBitcoinAddress } from './address.ts';
import { Address } from '@scure/btc-signer';
import { bitcoinNetworkParams, type BitcoinNetworkName } from './networks.ts';

interface Bech32Vectors {
  bip350_segwit_valid: { address: string; scriptPubKey: string }[];
  bip350_segwit_invalid: { address: string; reason: string }[];
}
interface BitcoinjsAddresses {
  standard: { network: string; base58check?: string; bech32?: string; version: number; hash?: string; data?: string }[];
  invalid: { bech32: { address: string }[] };
}
const bech32 = readVector<Bech32Vectors>('bitcoin/bip173_bip350_bech32_vectors.json');
const bitcoinjs = readVector<BitcoinjsAddresses>('bitcoin/bitcoinjs_address.json');
const networkOf = (address: string): BitcoinNetworkName => (/^bcrt1/i.test(address) ? 'regtest' : /^tb1/i.test(address) ? 'testnet' : 'mainnet');

describe('decodeBitcoinAddress (BIP-173/350 vectors)', () => {
  const spendable = bech32.bip350_segwit_valid.filter(({ scriptPubKey }) => /^(00(14|20)|5120)/.test(scriptPubKey));

  it.each(spendable)('decodes $address to its scriptPubKey', ({ address, scriptPubKey }) => {
    expect(hex.encode(decodeBitcoinAddress(address, networkOf(address)).script)).toBe(scriptPubKey);
  });

  it('refuses future witness versions (v2..v16), which no wallet here pays', () => {
    const future = bech32.bip350_segwit_valid.filter((entry) => !spendable.includes(entry));
    expect(future.length).toBeGreaterThan(0);
    for (const { address } of future) expect(isBitcoinAddress(address, networkOf(address))).toBe(false);
  });

  it.each(bech32.bip350_segwit_invalid)('rejects $address ($reason)', ({ address }) => {
    for (const network of ['mainnet', 'testnet', 'regtest'] as const) expect(isBitcoinAddress(address, network)).toBe(false);
  });
});

describe('decodeBitcoinAddress (bitcoinjs-lib fixtures)', () => {
  it('decodes the bitcoin and testnet base58 and segwit addresses to their hashes', () => {
    const cases = bitcoinjs.standard.filter((entry) => entry.network === 'bitcoin' || entry.network === 'testnet');
    let checked = 0;
    for (const entry of cases) {
      const address = entry.base58check ?? entry.bech32!;
      const network = entry.network === 'bitcoin' ? 'mainnet' : 'testnet';
      if (entry.bech32 && entry.version > 1) continue; // future witness versions, refused above
      expect(hex.encode(decodeBitcoinAddress(address, network).program)).toBe(entry.hash ?? entry.data);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it.each(bitcoinjs.invalid.bech32)('rejects $address', ({ address }) => {
    for (const network of ['mainnet', 'testnet', 'regtest'] as const) expect(isBitcoinAddress(address, network)).toBe(false);
  });
});

describe('regtest and display form', () => {
  it('takes bcrt addresses on regtest only, and shows bech32 in lower case', () => {
    // The BIP-322 vector's key hash under the regtest prefix (Bitcoin Core's bcrt).
    const program = decodeBitcoinAddress('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', 'mainnet').program;
    const address = Address(bitcoinNetworkParams('regtest')).encode({ type: 'wpkh', hash: program });
    expect(address.startsWith('bcrt1q')).toBe(true);
    expect(decodeBitcoinAddress(address, 'regtest')).toMatchObject({ type: 'p2wpkh', program });
    expect(isBitcoinAddress(address, 'testnet')).toBe(false);
    expect(isBitcoinAddress('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', 'regtest')).toBe(false);
    expect(normalizeBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(isBitcoinAddress(42, 'mainnet')).toBe(false);
  });
});
