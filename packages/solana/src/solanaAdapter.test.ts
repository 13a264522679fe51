import type { AdapterEvents, Connector } from '@cairn/core';
import { createSolanaTestWallet, SOLANA_TEST_ACCOUNTS, SOLANA_TEST_TOKEN, solanaBalance, solanaTokenAccountBalance } from '@cairn/devnet';
import { useTestSolanaChain } from '@cairn/devnet/testing';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { readSignInWithSolanaMessage } from '@cairn/core/signIn';
import { defineSolanaNetwork } from './defineNetwork.ts';
import { createSolanaAdapter } from './solanaAdapter.ts';
import { associatedTokenAddress } from './transaction/programAddress.ts';

const chain = useTestSolanaChain();
const network = () => defineSolanaNetwork({ id: 'localnet', name: 'Solana Local', rpcUrl: chain().rpcUrl });

/** A registry of this test's own (in Node, getWallets() has no window to listen on) with one test wallet. */
function setUp(accountIndex: number, options: { signIn?: boolean } = {}) {
  const account = SOLANA_TEST_ACCOUNTS[accountIndex]!;
  const wallet = createSolanaTestWallet({ secretKey: account.secretKey, rpcUrls: { 'solana:localnet': chain().rpcUrl }, name: `Test ${accountIndex}`, ...options });
  const unregister = getWallets().register(wallet as unknown as Wallet);
  const seen: { connectors: Connector[][]; accounts: string[][] } = { connectors: [], accounts: [] };
  const events: AdapterEvents = {
    connectorsChanged: (connectors) => seen.connectors.push([...connectors]),
    accountsChanged: (_id, accounts) => seen.accounts.push([...accounts]),
    chainChanged: () => {},
    disconnected: () => {},
  };
  const adapter = createSolanaAdapter({ wallets: getWallets() });
  const cleanup = adapter.setup(events);
  return { adapter, wallet, account, seen, connectorId: `wallet-standard:Test ${accountIndex}`, stop: () => (cleanup(), unregister()) };
}

describe('the solana adapter on the local chain', () => {
  it('finds the wallet, connects, and reads the SOL balance through the RPC', async () => {
    const { adapter, account, connectorId, stop } = setUp(0);
    const connector = await adapter.waitForConnector(connectorId, 1000);
    expect(connector).toMatchObject({ name: 'Test 0', chain: 'solana', type: 'ANNOUNCED' });
    expect(await adapter.reconnect({ connectorId, network: network() })).toBeUndefined(); // not yet trusted: no prompt, no account
    const result = await adapter.connect({ connectorId, network: network() });
    // SPEC §3's library-level account: the key the test account's seed gives (a solana address is that key).
    const publicKey = base58.encode(ed25519.getPublicKey(Buffer.from(account.secretKey, 'hex')));
    expect(result).toEqual({ address: account.address, chainId: 'localnet', accounts: [account.address], accountDetails: [{ address: account.address, type: 'eoa', publicKey }] });
    const balance = await adapter.getBalance({ address: account.address, network: network() });
    expect(balance).toMatchObject({ symbol: 'SOL', decimals: 9, value: await solanaBalance(chain().rpcUrl, account.address) });
    expect(await adapter.reconnect({ connectorId, network: network() })).toMatchObject({ address: account.address });
    stop();
  });

  it('signs a message with the account key (base58 ed25519 signature)', async () => {
    const { adapter, account, connectorId, stop } = setUp(0);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    const signature = await adapter.signMessage({ connectorId, address: account.address, message: 'Sign in to Cairn' });
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('Sign in to Cairn'), base58.decode(account.address))).toBe(true);
    stop();
  });

  const signInRequest = { domain: 'shop.example', statement: 'Sign in to Cairn', uri: 'https://shop.example', version: '1' as const, nonce: 'abcdefgh1234', issuedAt: new Date().toISOString(), expirationTime: new Date(Date.now() + 60_000).toISOString() };
  const expectSignedIn = ({ message, signature }: { message: string; signature: string }, address: string) => {
    expect(readSignInWithSolanaMessage(message)).toEqual({ ...signInRequest, address, chainId: 'localnet' });
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode(message), base58.decode(address))).toBe(true);
  };

  it("signs in through the wallet's solana:signIn: the wallet writes the SIWS text for the request", async () => {
    const { adapter, wallet, account, connectorId, stop } = setUp(0);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    expectSignedIn(await adapter.signIn!({ connectorId, address: account.address, network: network(), request: signInRequest }), account.address);
    expect(wallet.getState().signIns).toBe(1);
    wallet.rejectNext();
    await expect(adapter.signIn!({ connectorId, address: account.address, network: network(), request: signInRequest })).rejects.toMatchObject({ code: 4001 });
    stop();
  });

  it('signs the same text as a message when the wallet has no solana:signIn', async () => {
    const { adapter, wallet, account, connectorId, stop } = setUp(4, { signIn: false });
    expect(wallet.features).not.toHaveProperty(['solana:signIn']);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    expectSignedIn(await adapter.signIn!({ connectorId, address: account.address, network: network(), request: signInRequest }), account.address);
    expect(wallet.getState().signIns).toBe(0);
    stop();
  });

  it('sends SOL and confirms it by polling the signature status', async () => {
    const { adapter, account, connectorId, stop } = setUp(1);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    const receiver = SOLANA_TEST_ACCOUNTS[2]!.address;
    const before = await solanaBalance(chain().rpcUrl, receiver);
    const params = { network: network(), from: account.address, receiver, amount: 250_000_000n };
    expect(await adapter.estimateSend!(params)).toBe(5000n);
    const hash = await adapter.sendToken!({ connectorId, ...params });
    expect(await adapter.waitForTransaction!({ network: network(), hash })).toBe('success');
    expect(await solanaBalance(chain().rpcUrl, receiver)).toBe(before + 250_000_000n);
    stop();
  });

  it('sends an SPL token, creating the receiver’s token account first', async () => {
    const { adapter, account, connectorId, stop } = setUp(1);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const token = { address: SOLANA_TEST_TOKEN.mint, decimals: SOLANA_TEST_TOKEN.decimals };
    const params = { network: network(), from: account.address, receiver, amount: 1_500_000n, token };
    expect(await adapter.estimateSend!(params)).toBeGreaterThan(5000n); // the fee and the new account's rent
    const hash = await adapter.sendToken!({ connectorId, ...params });
    expect(await adapter.waitForTransaction!({ network: network(), hash })).toBe('success');
    expect(await solanaTokenAccountBalance(chain().rpcUrl, associatedTokenAddress(receiver, SOLANA_TEST_TOKEN.mint))).toBe(1_500_000n);
    stop();
  });

  it('reports a declined request as the wallet’s 4001 and keeps the connection', async () => {
    const { adapter, wallet, account, connectorId, stop } = setUp(2);
    await adapter.waitForConnector(connectorId, 1000);
    wallet.rejectNext();
    await expect(adapter.connect({ connectorId, network: network() })).rejects.toMatchObject({ code: 4001 });
    await adapter.connect({ connectorId, network: network() });
    wallet.rejectNext();
    await expect(adapter.sendToken!({ connectorId, network: network(), from: account.address, receiver: account.address, amount: 1n })).rejects.toMatchObject({ code: 4001 });
    expect(await adapter.signMessage({ connectorId, address: account.address, message: 'still connected' })).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    stop();
  });

  it('forwards account changes and the wallet disconnecting, and disconnects through standard:disconnect', async () => {
    const { adapter, wallet, connectorId, seen, stop } = setUp(3);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    wallet.setAccount(SOLANA_TEST_ACCOUNTS[4]!.secretKey);
    expect(seen.accounts.at(-1)).toEqual([SOLANA_TEST_ACCOUNTS[4]!.address]);
    wallet.disconnect();
    expect(seen.accounts.at(-1)).toEqual([]);
    await adapter.connect({ connectorId, network: network() });
    await adapter.disconnect({ connectorId });
    expect(wallet.getState().authorized).toBe(false);
    stop();
  });

  it('refuses invalid addresses before the wallet is asked', async () => {
    const { adapter, account, connectorId, stop } = setUp(0);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    expect(() => adapter.normalizeAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toThrow('Invalid Solana address');
    await expect(adapter.sendToken!({ connectorId, network: network(), from: account.address, receiver: 'not an address', amount: 1n })).rejects.toThrow('Invalid Solana address');
    stop();
  });
});
