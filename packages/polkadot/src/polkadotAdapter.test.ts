import { isUserRejection, type AdapterEvents, type Connector } from '@cairn/core';
import {
  createPolkadotTestExtension,
  injectPolkadotTestExtension,
  polkadotFreeBalance,
  POLKADOT_DEVNET_NETWORK_ID,
  POLKADOT_NATIVE_CURRENCY,
  POLKADOT_TEST_ACCOUNTS,
  withPolkadotApi,
} from '@cairn/devnet';
import { useTestPolkadotChain, POLKADOT_CHAIN_TIMEOUT_MS } from '@cairn/devnet/testing';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import { describe, expect, it } from 'vitest';
import { definePolkadotNetwork } from './defineNetwork.ts';
import { createPolkadotAdapter } from './polkadotAdapter.ts';

const chain = useTestPolkadotChain();
const network = () =>
  definePolkadotNetwork({ id: POLKADOT_DEVNET_NETWORK_ID, name: 'Polkadot Local', rpcUrl: chain().rpcUrl, nativeCurrency: POLKADOT_NATIVE_CURRENCY });

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value), removeItem: (key) => void values.delete(key) };
}

/** A page of this test's own: a window-like target with the test extension injected into it. */
function setUp(uris: string[], storage = memoryStorage()) {
  const target: { injectedWeb3?: Record<string, unknown> } = {};
  const extension = createPolkadotTestExtension({ uris, storage });
  injectPolkadotTestExtension(extension, target);
  const seen: { connectors: Connector[][]; accounts: string[][]; disconnected: string[] } = { connectors: [], accounts: [], disconnected: [] };
  const events: AdapterEvents = {
    connectorsChanged: (connectors) => seen.connectors.push([...connectors]),
    accountsChanged: (_id, accounts) => seen.accounts.push([...accounts]),
    chainChanged: () => {},
    disconnected: (id) => seen.disconnected.push(id),
  };
  const adapter = createPolkadotAdapter({ target, appName: 'Cairn tests' });
  const stop = adapter.setup(events);
  return { adapter, extension, seen, storage, connectorId: 'polkadot:cairn-test', stop };
}

describe('the polkadot adapter on the local chain', () => {
  it('finds the injected extension, connects, and lists its accounts', async () => {
    const { adapter, seen, connectorId, stop } = setUp([POLKADOT_TEST_ACCOUNTS[0]!.uri, POLKADOT_TEST_ACCOUNTS[1]!.uri]);
    expect(await adapter.waitForConnector(connectorId, 1000)).toEqual({ id: connectorId, name: 'Cairn Polkadot Extension', type: 'INJECTED', chain: 'polkadot' });
    expect(seen.connectors.at(-1)?.map((connector) => connector.id)).toEqual([connectorId]);
    const result = await adapter.connect({ connectorId, network: network() });
    expect(result).toEqual({
      address: POLKADOT_TEST_ACCOUNTS[0]!.address,
      chainId: POLKADOT_DEVNET_NETWORK_ID,
      accounts: [POLKADOT_TEST_ACCOUNTS[0]!.address, POLKADOT_TEST_ACCOUNTS[1]!.address],
      // SPEC §3's library-level account: Alice's and Bob's well-known sr25519 public keys.
      accountDetails: [
        { address: POLKADOT_TEST_ACCOUNTS[0]!.address, type: 'eoa', publicKey: '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d' },
        { address: POLKADOT_TEST_ACCOUNTS[1]!.address, type: 'eoa', publicKey: '0x8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48' },
      ],
    });
    expect(await adapter.getAccountType!({ address: result.address, network: network() })).toBe('eoa');
    stop();
  });

  it('signs a message through signRaw: the signature verifies, and a bad one does not', async () => {
    const { adapter, connectorId, stop } = setUp([POLKADOT_TEST_ACCOUNTS[0]!.uri]);
    const { address } = await adapter.connect({ connectorId, network: network() });
    const message = 'Sign in to Cairn\nNonce: 8d3f1a2b';
    const signature = await adapter.signMessage({ connectorId, address, message });
    await cryptoWaitReady();
    expect(signatureVerify(message, signature, address)).toMatchObject({ isValid: true, crypto: 'sr25519' });
    // Another message, another signer, a changed byte: all refused.
    expect(signatureVerify(`${message}!`, signature, address).isValid).toBe(false);
    expect(signatureVerify(message, signature, POLKADOT_TEST_ACCOUNTS[1]!.address).isValid).toBe(false);
    const flipped = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`;
    expect(signatureVerify(message, flipped, address).isValid).toBe(false);
    // The site's own call, as CAIP-25 names it.
    const viaRequest = (await adapter.request!({ connectorId, method: 'polkadot_signMessage', params: { message } })) as { signature: string };
    expect(signatureVerify(message, viaRequest.signature, address).isValid).toBe(true);
    await expect(adapter.request!({ connectorId, method: 'polkadot_signMessage', params: { message: 42 } })).rejects.toThrow(/string message/);
    await expect(adapter.request!({ connectorId, method: 'eth_sendTransaction', params: [] })).rejects.toThrow(/does not forward/);
    stop();
  });

  it('reports a refused connection and a refused signature as user rejections', async () => {
    const { adapter, extension, connectorId, stop } = setUp([POLKADOT_TEST_ACCOUNTS[0]!.uri]);
    extension.rejectNext();
    const refusedConnect = await adapter.connect({ connectorId, network: network() }).catch((error: unknown) => error);
    expect(isUserRejection(refusedConnect)).toBe(true);
    const { address } = await adapter.connect({ connectorId, network: network() });
    extension.rejectNext();
    const refusedSign = await adapter.signMessage({ connectorId, address, message: 'hello' }).catch((error: unknown) => error);
    expect(isUserRejection(refusedSign)).toBe(true);
    await expect(adapter.signMessage({ connectorId, address: POLKADOT_TEST_ACCOUNTS[2]!.address, message: 'hello' })).rejects.toThrow(/does not hold/);
    await expect(adapter.signMessage({ connectorId, address, message: '' })).rejects.toThrow(/1 to/);
    stop();
  });

  it('reads the free balance in ROC, and sends a transfer that is in a block before it resolves', async () => {
    const sender = POLKADOT_TEST_ACCOUNTS[1]!;
    const receiver = POLKADOT_TEST_ACCOUNTS[2]!.address;
    const { adapter, connectorId, stop } = setUp([sender.uri]);
    await adapter.connect({ connectorId, network: network() });
    // The chain's own reads through one API a test: each opening fetches and decodes the runtime's metadata.
    await withPolkadotApi(chain().rpcUrl, async (api) => {
      const before = await adapter.getBalance({ address: sender.address, network: network() });
      expect(before).toMatchObject({ symbol: 'ROC', decimals: 12, value: await polkadotFreeBalance(api, sender.address) });
      expect(before.formatted).toBe((Number(before.value) / 1e12).toString());

      const amount = 1_250_000_000_000n; // 1.25 ROC
      const params = { network: network(), from: sender.address, receiver, amount };
      const fee = await adapter.estimateSend!(params);
      expect(fee).toBeGreaterThan(0n);
      const receiverBefore = await polkadotFreeBalance(api, receiver);
      const hash = await adapter.sendToken!({ ...params, connectorId });
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await adapter.waitForTransaction!({ network: network(), hash })).toBe('success');
      expect(await polkadotFreeBalance(api, receiver)).toBe(receiverBefore + amount);
      const after = await adapter.getBalance({ address: sender.address, network: network() });
      // The sender paid the amount and a fee near the estimate.
      const paid = before.value - after.value - amount;
      expect(paid).toBeGreaterThan(0n);
      expect(paid).toBeLessThan(fee * 2n);
      await expect(adapter.waitForTransaction!({ network: network(), hash: `0x${'00'.repeat(32)}` })).rejects.toThrow(/not sent from this page/);
    });
    stop();
  }, POLKADOT_CHAIN_TIMEOUT_MS);

  it('a refused transfer is a user rejection and moves nothing', async () => {
    const sender = POLKADOT_TEST_ACCOUNTS[3]!;
    const { adapter, extension, connectorId, stop } = setUp([sender.uri]);
    await adapter.connect({ connectorId, network: network() });
    await withPolkadotApi(chain().rpcUrl, async (api) => {
      const before = await polkadotFreeBalance(api, sender.address);
      extension.rejectNext();
      const refused = await adapter
        .sendToken!({ connectorId, network: network(), from: sender.address, receiver: POLKADOT_TEST_ACCOUNTS[4]!.address, amount: 10n ** 12n })
        .catch((error: unknown) => error);
      expect(isUserRejection(refused)).toBe(true);
      expect(await polkadotFreeBalance(api, sender.address)).toBe(before);
    });
    stop();
  });

  it('hears account changes, is disconnected when the site loses access, and reconnects after a reload', async () => {
    const storage = memoryStorage();
    const first = setUp([POLKADOT_TEST_ACCOUNTS[0]!.uri], storage);
    await first.adapter.connect({ connectorId: first.connectorId, network: network() });
    await first.extension.setAccounts([POLKADOT_TEST_ACCOUNTS[4]!.uri]);
    await expect.poll(() => first.seen.accounts.at(-1)).toEqual([POLKADOT_TEST_ACCOUNTS[4]!.address]);
    await first.extension.revoke();
    await expect.poll(() => first.seen.disconnected).toEqual([first.connectorId]);
    first.stop();

    // A new page with the same extension storage: the site is allowed again once it connects ...
    const second = setUp([POLKADOT_TEST_ACCOUNTS[0]!.uri], storage);
    await second.adapter.connect({ connectorId: second.connectorId, network: network() });
    second.stop();
    // ... and the page after that reconnects without a prompt.
    const third = setUp([POLKADOT_TEST_ACCOUNTS[0]!.uri], storage);
    third.extension.rejectNext(); // a prompt would be refused: there is none
    expect(await third.adapter.reconnect({ connectorId: third.connectorId, network: network() })).toMatchObject({ address: POLKADOT_TEST_ACCOUNTS[0]!.address });
    await third.adapter.disconnect({ connectorId: third.connectorId });
    await expect(third.adapter.signMessage({ connectorId: third.connectorId, address: POLKADOT_TEST_ACCOUNTS[0]!.address, message: 'x' })).rejects.toThrow(/not connected/);
    third.stop();
  });

  it("refuses to read or send on a network declared with other decimals than the chain's", async () => {
    const sender = POLKADOT_TEST_ACCOUNTS[0]!;
    const { adapter, connectorId, stop } = setUp([sender.uri]);
    const wrong = definePolkadotNetwork({ id: POLKADOT_DEVNET_NETWORK_ID, name: 'Misdeclared', rpcUrl: chain().rpcUrl, nativeCurrency: { name: 'Dot', symbol: 'DOT', decimals: 10 } });
    await adapter.connect({ connectorId, network: wrong });
    await expect(adapter.getBalance({ address: sender.address, network: wrong })).rejects.toThrow('Polkadot network Misdeclared is declared with 10 decimals, but its node says 12');
    await withPolkadotApi(chain().rpcUrl, async (api) => {
      const before = await polkadotFreeBalance(api, sender.address);
      await expect(adapter.sendToken!({ connectorId, network: wrong, from: sender.address, receiver: POLKADOT_TEST_ACCOUNTS[1]!.address, amount: 1n })).rejects.toThrow(/declared with 10 decimals/);
      expect(await polkadotFreeBalance(api, sender.address)).toBe(before);
    });
    stop();
  });

  it('normalizes addresses and refuses an EVM address', async () => {
    const { adapter, connectorId, stop } = setUp([POLKADOT_TEST_ACCOUNTS[0]!.uri]);
    await adapter.connect({ connectorId, network: network() });
    expect(adapter.normalizeAddress(` ${POLKADOT_TEST_ACCOUNTS[0]!.address}`)).toBe(POLKADOT_TEST_ACCOUNTS[0]!.address);
    expect(() => adapter.normalizeAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toThrow(/Invalid Polkadot address/);
    stop();
  });
});
