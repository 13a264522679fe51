import { readFileSync } from 'node:fs';
import { secp256k1 } from '@noble/curves/secp256k1';
import { hex } from '@scure/base';
import { NETWORK, p2pkh, p2sh, p2wpkh, TEST_NETWORK, WIF } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bip322MessageHash, signBip322, signLegacyMessage, toSignTxid, toSpendTxid, verifyBip322, verifyLegacyMessage } from './index.ts';
import { decodeBitcoinAddress } from '../address.ts';

// The BIP's own vectors (bitcoin/bips, extracted with their commit in vectors/bip322-vectors.json).
interface SimpleCase { message: string; private_keys: string[]; address: string; type: string; bip322_signatures: string[] }
interface ErrorCase { description: string; message: string; address: string; signature: string }
const vectors = JSON.parse(readFileSync(new URL('../../vectors/bip322-vectors.json', import.meta.url), 'utf8')) as {
  basic: { tx_hashes: { message: string; address: string; message_hash: string; to_spend_tx_hash: string; to_sign_tx_hash: string }[]; simple: SimpleCase[]; error: ErrorCase[] };
  generated: { simple: SimpleCase[]; full: SimpleCase[]; error: ErrorCase[] };
};
const simple = [...vectors.basic.simple, ...vectors.generated.simple];
const supported = simple.filter((entry) => entry.type === 'p2wpkh' || entry.type === 'p2tr');

describe('BIP-322 message hashing and virtual transactions', () => {
  it.each(vectors.basic.tx_hashes)('matches the BIP for $message', (entry) => {
    const challenge = decodeBitcoinAddress(entry.address, 'mainnet').script;
    expect(hex.encode(bip322MessageHash(entry.message))).toBe(entry.message_hash);
    expect(toSpendTxid(entry.message, challenge)).toBe(entry.to_spend_tx_hash);
    expect(toSignTxid(entry.message, challenge)).toBe(entry.to_sign_tx_hash);
  });
});

describe('verifyBip322 (simple variant)', () => {
  it('covers P2WPKH and P2TR vectors of both files', () => {
    expect(supported.filter((entry) => entry.type === 'p2wpkh').length).toBeGreaterThanOrEqual(3);
    expect(supported.filter((entry) => entry.type === 'p2tr').length).toBeGreaterThanOrEqual(2);
  });

  it.each(supported)('accepts the BIP signatures of $type "$message", with and without the smp prefix', (entry) => {
    for (const signature of entry.bip322_signatures) {
      expect(verifyBip322({ message: entry.message, address: entry.address, signature, network: 'mainnet' })).toBe(true);
      const bare = signature.startsWith('smp') ? signature.slice(3) : signature;
      expect(verifyBip322({ message: entry.message, address: entry.address, signature: bare, network: 'mainnet' })).toBe(true);
      expect(verifyBip322({ message: `${entry.message}!`, address: entry.address, signature, network: 'mainnet' })).toBe(false);
      // The same address string is not valid on another network.
      expect(verifyBip322({ message: entry.message, address: entry.address, signature, network: 'testnet' })).toBe(false);
    }
  });

  it.each([...vectors.basic.error, ...vectors.generated.error])('rejects: $description', (entry) => {
    expect(verifyBip322({ message: entry.message, address: entry.address, signature: entry.signature, network: 'mainnet' })).toBe(false);
  });

  it('does not accept P2WSH or the full variant (not built: false, never a throw)', () => {
    for (const entry of simple.filter((candidate) => candidate.type.startsWith('p2wsh'))) {
      expect(verifyBip322({ message: entry.message, address: entry.address, signature: entry.bip322_signatures[0]!, network: 'mainnet' })).toBe(false);
    }
    for (const entry of vectors.generated.full) {
      expect(verifyBip322({ message: entry.message, address: entry.address, signature: entry.bip322_signatures[0]!, network: 'mainnet' })).toBe(false);
    }
  });

  it('answers false for malformed or oversized input instead of throwing', () => {
    const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
    const cases: unknown[] = [
      undefined,
      null,
      { message: 1, address, signature: 'smpAA==', network: 'mainnet' },
      { message: '', address: 'not an address', signature: 'smpAA==', network: 'mainnet' },
      { message: '', address, signature: 'smpAA==', network: 'moonnet' },
      { message: '', address, signature: 'A'.repeat(10_000), network: 'mainnet' },
      { message: 'x'.repeat(200_000), address, signature: 'smpAA==', network: 'mainnet' },
      { message: '', address, signature: 'smp' + 'A'.repeat(120), network: 'mainnet' },
    ];
    for (const params of cases) expect(verifyBip322(params as never)).toBe(false);
  });
});

describe('signBip322', () => {
  it('reproduces the BIP signature for P2WPKH (deterministic ECDSA)', () => {
    for (const entry of supported.filter((candidate) => candidate.type === 'p2wpkh')) {
      const privateKey = WIF(NETWORK).decode(entry.private_keys[0]!);
      const signature = signBip322({ message: entry.message, privateKey, address: entry.address, network: 'mainnet' });
      expect(entry.bip322_signatures.map((known) => (known.startsWith('smp') ? known : `smp${known}`))).toContain(signature);
    }
  });

  it('signs for P2TR with the key of the BIP vectors, and the signature verifies', () => {
    for (const entry of supported.filter((candidate) => candidate.type === 'p2tr')) {
      const privateKey = WIF(NETWORK).decode(entry.private_keys[0]!);
      const signature = signBip322({ message: entry.message, privateKey, address: entry.address, network: 'mainnet' });
      expect(signature.startsWith('smp')).toBe(true);
      expect(verifyBip322({ message: entry.message, address: entry.address, signature, network: 'mainnet' })).toBe(true);
    }
  });

  it('signs on regtest (bcrt addresses) and refuses a key that does not own the address', () => {
    const privateKey = secp256k1.utils.randomPrivateKey();
    const other = secp256k1.utils.randomPrivateKey();
    const address = p2wpkh(secp256k1.getPublicKey(privateKey, true), { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }).address!;
    expect(address.startsWith('bcrt1q')).toBe(true);
    const signature = signBip322({ message: 'Sign in to Cairn', privateKey, address, network: 'regtest' });
    expect(verifyBip322({ message: 'Sign in to Cairn', address, signature, network: 'regtest' })).toBe(true);
    expect(() => signBip322({ message: 'x', privateKey: other, address, network: 'regtest' })).toThrow();
  });
});

describe("legacy signed messages: Bitcoin Core's signmessagewithprivkey vector", () => {
  const core = JSON.parse(readFileSync(new URL('../../vectors/bitcoin-core-signmessage.json', import.meta.url), 'utf8')) as {
    message: string;
    private_key_wif: string;
    signature: string;
    p2pkh_address: string;
  };

  it('reproduces the node\'s signature and verifies it for the P2PKH address', () => {
    const privateKey = WIF(TEST_NETWORK).decode(core.private_key_wif);
    expect(signLegacyMessage({ message: core.message, privateKey })).toBe(core.signature);
    expect(verifyLegacyMessage({ message: core.message, address: core.p2pkh_address, signature: core.signature, network: 'testnet' })).toBe(true);
    expect(verifyBip322({ message: core.message, address: core.p2pkh_address, signature: core.signature, network: 'testnet' })).toBe(true);
    expect(verifyBip322({ message: `${core.message}.`, address: core.p2pkh_address, signature: core.signature, network: 'testnet' })).toBe(false);
    expect(verifyBip322({ message: core.message, address: core.p2pkh_address, signature: core.signature, network: 'mainnet' })).toBe(false);
  });
});

describe('legacy signed messages', () => {
  const privateKey = WIF(NETWORK).decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k');
  const p2wpkhAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';

  it('verifies a legacy signature for the P2WPKH, P2SH-P2WPKH and P2PKH addresses of one key', () => {
    const publicKey = secp256k1.getPublicKey(privateKey, true);
    const addresses = { p2wpkh: p2wpkhAddress, 'p2sh-p2wpkh': p2sh(p2wpkh(publicKey)).address!, p2pkh: p2pkh(publicKey).address! } as const;
    for (const [addressType, address] of Object.entries(addresses) as [keyof typeof addresses, string][]) {
      const signature = signLegacyMessage({ message: 'Hello World', privateKey, addressType });
      expect(verifyLegacyMessage({ message: 'Hello World', address, signature, network: 'mainnet' })).toBe(true);
      expect(verifyBip322({ message: 'Hello World', address, signature, network: 'mainnet' })).toBe(true);
      expect(verifyBip322({ message: 'Hello World.', address, signature, network: 'mainnet' })).toBe(false);
    }
  });

  it('rejects a legacy signature for another key or a taproot address', () => {
    const signature = signLegacyMessage({ message: 'Hello World', privateKey: secp256k1.utils.randomPrivateKey(), addressType: 'p2wpkh' });
    expect(verifyBip322({ message: 'Hello World', address: p2wpkhAddress, signature, network: 'mainnet' })).toBe(false);
    const own = signLegacyMessage({ message: 'Hello World', privateKey });
    expect(verifyBip322({ message: 'Hello World', address: 'bc1pss0zhytly75awhm6x2hhvd5lnzv3vssgrf9axfheq8ldyzn88ges79fler', signature: own, network: 'mainnet' })).toBe(false);
  });
});
