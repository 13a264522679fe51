import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { SessionTypes } from '@walletconnect/types';
import { createPublicClient, http, parseEther, stringToHex, verifyMessage, type Hex } from 'viem';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { walletChains } from './support/demo.ts';
import { createSignClientDapp, type SignClientDapp } from './support/signClientDapp.ts';
import { createWalletConnectWallet, type WalletConnectWallet } from './support/walletConnectWallet.ts';

// The WalletKit wallet that the WalletConnect e2e tests pair with, checked on its own: a plain
// sign-client dapp in this process talks to it through the stack's relay (127.0.0.1 only).

const account = TEST_ACCOUNTS[1]!;
const recipient = TEST_ACCOUNTS[4]!.address;

let dapp: SignClientDapp;
let wallet: WalletConnectWallet;
let session: SessionTypes.Struct;

// WalletConnect's clients call their cloud by fetch (Verify, usage events); none of it may happen.
const foreignFetches: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1') foreignFetches.push(url.href);
    return realFetch(input, init);
  };
  dapp = await createSignClientDapp({ relayUrl: inject('relayUrl') });
  wallet = await createWalletConnectWallet({ relayUrl: inject('relayUrl'), chains: walletChains(), account });
});
afterAll(async () => {
  await wallet?.close();
  await dapp?.close();
  globalThis.fetch = realFetch;
});

describe('the WalletConnect test wallet, paired with a sign-client dapp through the relay', () => {
  it('approves a session with its account on the devnet chains the dapp asked for', async () => {
    const { uri, approved } = await dapp.propose([31337, 31338]);
    expect(uri).toMatch(/^wc:/);
    await wallet.pair(uri);
    const proposal = await wallet.nextProposal();
    expect(proposal.params.proposer.metadata.name).toBe('Cairn e2e Dapp');
    await wallet.approve(proposal);
    session = await approved;
    expect(session.namespaces.eip155).toMatchObject({
      chains: ['eip155:31337', 'eip155:31338'],
      accounts: [`eip155:31337:${account.address}`, `eip155:31338:${account.address}`],
      events: ['chainChanged', 'accountsChanged'],
    });
    expect(session.namespaces.eip155!.methods).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain']),
    );
    expect(wallet.sessions().map((s) => s.topic)).toEqual([session.topic]);
  });

  it('signs personal_sign with its key: viem recovers its address from the signature', async () => {
    const message = 'Sign in to Cairn e2e\nnonce: 42';
    const answer = dapp.request<Hex>(session.topic, 31337, 'personal_sign', [stringToHex(message), account.address]);
    const request = await wallet.nextRequest();
    expect(request.params.request.method).toBe('personal_sign');
    const signed = await wallet.respond(request);
    const signature = await answer;
    expect(signature).toBe(signed);
    await expect(verifyMessage({ address: account.address, message, signature })).resolves.toBe(true);
  });

  it('sends eth_sendTransaction to the devnet: the dapp gets the hash of a mined transfer', async () => {
    const value = parseEther('0.25');
    const answer = dapp.request<Hex>(session.topic, 31338, 'eth_sendTransaction', [{ from: account.address, to: recipient, value: `0x${value.toString(16)}` }]);
    await wallet.respond(await wallet.nextRequest());
    const hash = await answer;
    const chain = createPublicClient({ transport: http(walletChains()[31338]) });
    const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 15_000 });
    expect(receipt).toMatchObject({ status: 'success', from: account.address.toLowerCase(), to: recipient.toLowerCase() });
    expect((await chain.getTransaction({ hash })).value).toBe(value);
  });

  it('declines a request as the user: the dapp gets code 5000 and no signature', async () => {
    const answer = dapp.request(session.topic, 31337, 'personal_sign', [stringToHex('no'), account.address]);
    await wallet.rejectRequest(await wallet.nextRequest());
    await expect(answer).rejects.toMatchObject({ code: 5000 });
    expect(wallet.answered.at(-1)).toMatchObject({ method: 'personal_sign', outcome: 'error' });
  });

  it('switches chain on wallet_switchEthereumChain and tells the dapp with chainChanged', async () => {
    wallet.setAutoRespond('approve');
    const event = dapp.nextEvent();
    await expect(dapp.request(session.topic, 31337, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).resolves.toBeNull();
    await expect(event).resolves.toEqual({ name: 'chainChanged', data: 31338, chainId: 'eip155:31338' });
    expect(wallet.chainId).toBe(31338);
    // An unknown chain is refused with EIP-3326's 4902.
    await expect(dapp.request(session.topic, 31337, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({ code: 4902 });
    wallet.setAutoRespond(undefined);
  });

  it('switches account: the session gains it and the dapp hears accountsChanged', async () => {
    const next = TEST_ACCOUNTS[2]!;
    const event = dapp.nextEvent();
    await wallet.emitAccountsChanged(next);
    await expect(event).resolves.toMatchObject({ name: 'accountsChanged', data: [next.address] });
    expect(dapp.client.session.get(session.topic).namespaces.eip155!.accounts).toContain(`eip155:31338:${next.address}`);
    await wallet.emitAccountsChanged(account);
  });

  it('ends the session as the user: the dapp sees it deleted', async () => {
    const deleted = dapp.nextSessionDelete();
    await wallet.disconnect();
    await expect(deleted).resolves.toEqual({ topic: session.topic });
    expect(wallet.sessions()).toEqual([]);
  });

  it('declines a proposal as the user: the dapp gets USER_REJECTED and no session', async () => {
    const { uri, approved } = await dapp.propose([31337]);
    await wallet.pair(uri);
    await wallet.reject(await wallet.nextProposal());
    await expect(approved).rejects.toMatchObject({ code: 5000 });
    expect(wallet.sessions()).toEqual([]);
  });

  it('hears a dapp that disconnects', async () => {
    const { uri, approved } = await dapp.propose([31337]);
    await wallet.pair(uri);
    await wallet.approve(await wallet.nextProposal(), { chainId: 31337 });
    const { topic } = await approved;
    await dapp.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } });
    await expect(wallet.nextSessionDelete()).resolves.toMatchObject({ topic });
  });

  it('called nothing beyond 127.0.0.1 on either side', () => {
    expect(foreignFetches).toEqual([]);
  });
});
