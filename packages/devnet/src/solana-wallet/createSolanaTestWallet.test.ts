import { compileMessage, decodeTransaction, transferSol, unsignedTransaction } from '@cairn/solana/transaction';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { SOLANA_TEST_ACCOUNTS } from '../solana/solanaAccounts.ts';
import { readFileSync } from 'node:fs';
import { createSolanaTestWallet, signInWithSolanaText } from './createSolanaTestWallet.ts';

const memory = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
};
const [first, second] = [SOLANA_TEST_ACCOUNTS[0]!, SOLANA_TEST_ACCOUNTS[1]!];
const walletOf = (storage = memory()) => createSolanaTestWallet({ secretKey: first.secretKey, rpcUrls: { 'solana:localnet': 'http://127.0.0.1:9' }, storage });
type Features = ReturnType<typeof walletOf>['features'];
const connect = (wallet: ReturnType<typeof walletOf>, silent?: boolean) => (wallet.features as Features)['standard:connect'].connect(silent === undefined ? undefined : { silent });

describe('the Wallet Standard Solana test wallet', () => {
  it('connects on a prompt, answers a silent connect only once trusted, and keeps the trust across instances', async () => {
    const storage = memory();
    const wallet = walletOf(storage);
    expect((await connect(wallet, true)).accounts).toEqual([]);
    const { accounts } = await connect(wallet);
    expect(accounts.map((account) => account.address)).toEqual([first.address]);
    expect(accounts[0]!.chains).toEqual(['solana:localnet']);
    expect((await connect(walletOf(storage), true)).accounts).toHaveLength(1); // a reload
  });

  it('rejects the next prompts with 4001, as many as asked', async () => {
    const wallet = walletOf();
    wallet.rejectNext();
    wallet.rejectNext();
    await expect(connect(wallet)).rejects.toMatchObject({ code: 4001 });
    await expect(connect(wallet)).rejects.toMatchObject({ code: 4001 });
    expect((await connect(wallet)).accounts).toHaveLength(1);
  });

  it('signs messages and transactions with its key, in its own signature slot', async () => {
    const wallet = walletOf();
    const [account] = (await connect(wallet)).accounts;
    const message = new TextEncoder().encode('hello');
    const [signed] = await wallet.features['solana:signMessage'].signMessage({ account: account!, message });
    expect(ed25519.verify(signed!.signature, message, base58.decode(first.address))).toBe(true);

    // Someone else pays the fee: the wallet's signature goes in the second slot.
    const compiled = compileMessage({ feePayer: second.address, recentBlockhash: base58.encode(new Uint8Array(32).fill(1)), instructions: [transferSol(first.address, second.address, 1n)] });
    const [result] = await wallet.features['solana:signTransaction'].signTransaction({ account: account!, transaction: unsignedTransaction(compiled) });
    const decoded = decodeTransaction(result!.signedTransaction);
    expect(decoded.signatures[0]).toEqual(new Uint8Array(64));
    expect(ed25519.verify(decoded.signatures[1]!, decoded.message, base58.decode(first.address))).toBe(true);
  });

  it('refuses to sign for an account it does not hold, or before the site is connected', async () => {
    const wallet = walletOf();
    const message = new TextEncoder().encode('x');
    await expect(wallet.features['solana:signMessage'].signMessage({ account: { address: first.address }, message })).rejects.toMatchObject({ code: 4100 });
    await connect(wallet);
    await expect(wallet.features['solana:signMessage'].signMessage({ account: { address: second.address }, message })).rejects.toMatchObject({ code: 4100 });
  });

  it('tells a connected site about an account switch and a disconnect', async () => {
    const wallet = walletOf();
    const seen: string[][] = [];
    wallet.features['standard:events'].on('change', ({ accounts }) => seen.push((accounts ?? []).map((account) => account.address)));
    await connect(wallet);
    wallet.setAccount(second.secretKey);
    wallet.disconnect();
    expect(seen).toEqual([[first.address], [second.address], []]);
    expect(wallet.getState()).toEqual({ address: second.address, authorized: false, signIns: 0 });
  });

  it('writes Sign In With Solana text as the Wallet Standard vectors do (shared/vectors §7)', () => {
    const vectors = JSON.parse(readFileSync(new URL('../../../../vectors/solana/siws_sign_in_with_solana.json', import.meta.url), 'utf8')) as {
      wallet_standard_create_parse_vectors: { parsed: { domain: string; address: string }; text: string }[];
    };
    for (const { parsed, text } of vectors.wallet_standard_create_parse_vectors) expect(signInWithSolanaText(parsed)).toBe(text);
  });

  it('signs in (solana:signIn): fills its address, signs the text it wrote, and can be told to refuse', async () => {
    const wallet = walletOf();
    await connect(wallet);
    const input = { domain: 'shop.example', uri: 'https://shop.example', version: '1', chainId: 'localnet', nonce: 'abcdefgh1234', issuedAt: '2026-11-25T07:00:00.000Z' };
    const [output] = await wallet.features['solana:signIn'].signIn(input);
    const text = new TextDecoder().decode(output!.signedMessage);
    expect(text).toBe(`shop.example wants you to sign in with your Solana account:\n${first.address}\n\nURI: https://shop.example\nVersion: 1\nChain ID: localnet\nNonce: abcdefgh1234\nIssued At: 2026-11-25T07:00:00.000Z`);
    expect(output!.account.address).toBe(first.address);
    expect(ed25519.verify(output!.signature, output!.signedMessage, base58.decode(first.address))).toBe(true);
    expect(wallet.getState().signIns).toBe(1);
    await expect(wallet.features['solana:signIn'].signIn({ ...input, address: second.address })).rejects.toMatchObject({ code: 4100 });
    wallet.rejectNext();
    await expect(wallet.features['solana:signIn'].signIn(input)).rejects.toMatchObject({ code: 4001 });
  });
});
