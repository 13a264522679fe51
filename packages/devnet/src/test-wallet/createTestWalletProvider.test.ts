import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  numberToHex,
  parseEther,
  recoverMessageAddress,
  stringToHex,
  verifyMessage,
  verifyTypedData,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../accounts.ts';
import { DEVNET_TOKENS } from '../devnetSeed.ts';
import { readVector } from '../testing/readVector.ts';
import { useTestDevnet } from '../testing/useTestDevnet.ts';
import { createTestWalletProvider } from './createTestWalletProvider.ts';
import { DEFAULT_WALLET_INFOS } from './defaultWallets.ts';
import type { AuthorizationStorage, TestWalletProviderOptions } from './types.ts';

const personalSignVectors = readVector<{
  personal_sign: { name: string; privateKey: Hex; message: Hex; signature: Hex; address: string }[];
}>('eth/eip191_personal_sign.json');
const typedDataVectors = readVector<{
  cases: { name: string; typedData: TypedDataDefinition; expected: { privateKey: Hex; signature: Hex } }[];
}>('eth/eip712_typed_data_v4.json');

const devnet = useTestDevnet({ 31337: 18547, 31338: 18548 });
const [account0, account1, account2] = TEST_ACCOUNTS as [(typeof TEST_ACCOUNTS)[0], (typeof TEST_ACCOUNTS)[0], (typeof TEST_ACCOUNTS)[0]];
const info = { ...DEFAULT_WALLET_INFOS[0]!, uuid: '350670db-19fa-4704-a166-e52e178b59d2' };

function memoryStorage(): AuthorizationStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

function wallet(overrides: Partial<TestWalletProviderOptions> = {}) {
  const chains = Object.fromEntries(devnet().chains.map(({ chainId, rpcUrl }) => [chainId, rpcUrl]));
  return createTestWalletProvider({ privateKey: account0.privateKey, chains, chainId: 31337, info, storage: memoryStorage(), ...overrides });
}

function recordEvents(provider: ReturnType<typeof wallet>) {
  const events: [string, unknown][] = [];
  for (const name of ['connect', 'disconnect', 'chainChanged', 'accountsChanged'] as const) {
    provider.on(name, (payload) => events.push([name, payload]));
  }
  return events;
}

const publicClient = (chainId: number) =>
  createPublicClient({ transport: http(devnet().chains.find((chain) => chain.chainId === chainId)!.rpcUrl) });

describe('test wallet: accounts and authorization', () => {
  it('shows no account until eth_requestAccounts, then the account', async () => {
    const provider = wallet();
    const events = recordEvents(provider);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account0.address]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account0.address]);
    expect(events).toEqual([['accountsChanged', [account0.address]]]);
  });

  it('stays authorized across a reload through the storage flag, until revoked', async () => {
    const storage = memoryStorage();
    await wallet({ storage }).request({ method: 'eth_requestAccounts' });
    expect(storage.map.get('cairn-test-wallet:dev.cairn.testwallet:authorized')).toBe('true');

    const reloaded = wallet({ storage });
    expect(await reloaded.request({ method: 'eth_accounts' })).toEqual([account0.address]);
    const events = recordEvents(reloaded);
    expect(await reloaded.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull();
    expect(events).toEqual([['accountsChanged', []]]);
    expect(await wallet({ storage }).request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('keeps two wallets with different rdns authorized independently', async () => {
    const storage = memoryStorage();
    await wallet({ storage }).request({ method: 'eth_requestAccounts' });
    const second = wallet({ storage, info: DEFAULT_WALLET_INFOS[1]! });
    expect(await second.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('reports permissions (EIP-2255)', async () => {
    const provider = wallet();
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([]);
    const granted = await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] });
    expect(granted).toEqual([expect.objectContaining({ parentCapability: 'eth_accounts' })]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account0.address]);
  });

  it('setAccount emits accountsChanged with the new address', async () => {
    const provider = wallet();
    await provider.request({ method: 'eth_requestAccounts' });
    const events = recordEvents(provider);
    provider.setAccount(account1.privateKey);
    expect(events).toEqual([['accountsChanged', [account1.address]]]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account1.address]);
  });

  it('disconnect() emits a 4900 disconnect and forgets the site; eth_requestAccounts reconnects', async () => {
    const provider = wallet();
    await provider.request({ method: 'eth_requestAccounts' });
    const events = recordEvents(provider);
    provider.disconnect();
    expect(events).toHaveLength(1);
    const [name, error] = events[0]!;
    expect(name).toBe('disconnect');
    expect(error).toMatchObject({ code: 4900, message: 'The provider is disconnected from all chains.' });
    expect(error).toBeInstanceOf(Error);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);

    await provider.request({ method: 'eth_requestAccounts' });
    expect(events.slice(1)).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [account0.address]],
    ]);
  });
});

describe('test wallet: signing', () => {
  it('personal_sign signs UTF-8 text and hex bytes so that they recover to the address', async () => {
    const provider = wallet();
    await provider.request({ method: 'eth_requestAccounts' });
    const text = 'Sign in to Cairn';
    const textSignature = (await provider.request({ method: 'personal_sign', params: [text, account0.address] })) as Hex;
    expect(await verifyMessage({ address: account0.address, message: text, signature: textSignature })).toBe(true);
    const bytes: Hex = '0xdeadbeef';
    const bytesSignature = (await provider.request({ method: 'personal_sign', params: [bytes, account0.address.toLowerCase()] })) as Hex;
    expect(await recoverMessageAddress({ message: { raw: bytes }, signature: bytesSignature })).toBe(account0.address);
  });

  it.each(personalSignVectors.personal_sign)('personal_sign matches the EIP-191 vector "$name"', async (vector) => {
    const provider = wallet({ privateKey: vector.privateKey });
    await provider.request({ method: 'eth_requestAccounts' });
    expect(await provider.request({ method: 'personal_sign', params: [vector.message, vector.address] })).toBe(vector.signature);
  });

  it('refuses to sign for a site that is not authorized, or for another address (4100)', async () => {
    const provider = wallet();
    await expect(provider.request({ method: 'personal_sign', params: ['hi', account0.address] })).rejects.toMatchObject({ code: 4100 });
    await provider.request({ method: 'eth_requestAccounts' });
    await expect(provider.request({ method: 'personal_sign', params: ['hi', account1.address] })).rejects.toMatchObject({ code: 4100 });
  });

  it('eth_signTypedData_v4 signs a JSON string that verifies', async () => {
    const provider = wallet();
    await provider.request({ method: 'eth_requestAccounts' });
    const typedData = typedDataVectors.cases[0]!.typedData;
    const signature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [account0.address, JSON.stringify(typedData)],
    })) as Hex;
    expect(await verifyTypedData({ ...typedData, address: account0.address, signature })).toBe(true);
  });

  // Cases 3 and 6 leave struct fields out and case 7 has an address with a bad EIP-55 checksum:
  // MetaMask signs those, viem's encoder refuses them (-32602 here). Every other case must match.
  it.each([0, 1, 2, 4, 5, 8])('eth_signTypedData_v4 matches EIP-712 vector #%i', async (index) => {
    const { typedData, expected } = typedDataVectors.cases[index]!;
    const provider = wallet({ privateKey: expected.privateKey });
    const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as Hex[];
    expect(await provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] })).toBe(
      expected.signature,
    );
  });
});

describe('test wallet: transactions', () => {
  it('eth_sendTransaction fills nonce, gas and fees, and the transfer is mined', async () => {
    const provider = wallet({ privateKey: account1.privateKey });
    await provider.request({ method: 'eth_requestAccounts' });
    const client = publicClient(31337);
    const before = await client.getBalance({ address: account2.address });
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account1.address, to: account2.address, value: numberToHex(parseEther('1.5')) }],
    })) as Hex;
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 10_000 });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(account1.address.toLowerCase());
    expect(await client.getBalance({ address: account2.address })).toBe(before + parseEther('1.5'));
  });

  it('eth_sendTransaction sends an ERC-20 transfer on the current chain', async () => {
    const provider = wallet({ privateKey: account1.privateKey, chainId: 31338 });
    await provider.request({ method: 'eth_requestAccounts' });
    const { testUsd } = devnet().deployment.contracts;
    const amount = 25n * 10n ** 6n;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account2.address, amount] });
    const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: account1.address, to: testUsd, data }] })) as Hex;
    const client = publicClient(31338);
    expect((await client.waitForTransactionReceipt({ hash, timeout: 10_000 })).status).toBe('success');
    const balance = await client.readContract({ address: testUsd, abi: erc20Abi, functionName: 'balanceOf', args: [account2.address] });
    expect(balance).toBe(DEVNET_TOKENS.testUsd.balancePerTestAccount + amount);
  });

  it('forwards reads to the current chain, and keeps the RPC error code', async () => {
    const provider = wallet();
    expect(await provider.request({ method: 'eth_getBalance', params: [account0.address, 'latest'] })).toBe(numberToHex(parseEther('10000')));
    await expect(provider.request({ method: 'cairn_noSuchMethod' })).rejects.toMatchObject({ code: -32601 });
  });
});

describe('test wallet: chains', () => {
  it('wallet_switchEthereumChain to a known chain switches and emits chainChanged', async () => {
    const provider = wallet();
    const events = recordEvents(provider);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull();
    expect(events).toEqual([['chainChanged', '0x7a6a']]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    expect(await provider.request({ method: 'eth_getBalance', params: [account0.address, 'latest'] })).toBe(numberToHex(parseEther('42')));
  });

  it('wallet_switchEthereumChain to an unknown chain fails with 4902; after wallet_addEthereumChain it is known', async () => {
    const provider = wallet({ chains: { 31337: devnet().chains[0]!.rpcUrl } });
    const error = await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 4902, message: expect.stringMatching(/^Unrecognized chain ID/) });
    const events = recordEvents(provider);
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x7a6a', chainName: 'Devnet 2', rpcUrls: [devnet().chains[1]!.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    });
    expect(events).toEqual([['chainChanged', '0x7a6a']]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull();
  });

  it('setChain switches from the wallet side, even to a chain without RPC (then reads fail with 4901)', async () => {
    const provider = wallet();
    const events = recordEvents(provider);
    provider.setChain(1);
    expect(events).toEqual([['chainChanged', '0x1']]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4901 });
  });
});

describe('test wallet: EIP-5792 calls', () => {
  it('wallet_sendCalls sends each call, and wallet_getCallsStatus reports them confirmed with receipts', async () => {
    const provider = wallet();
    await provider.request({ method: 'eth_requestAccounts' });
    const before = await publicClient(31337).getBalance({ address: account2.address });
    const { id } = (await provider.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: account0.address, calls: [{ to: account2.address, value: '0x5' }, { to: account2.address, value: '0x6' }] }],
    })) as { id: string };
    const callsStatus = async () => (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as { status: number; receipts: { status: string }[] };
    // 100 (pending) until the node has mined both: a busy machine may answer before that.
    await expect.poll(async () => (await callsStatus()).status, { timeout: 10_000 }).toBe(200);
    const status = await callsStatus();
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1']);
    expect(await publicClient(31337).getBalance({ address: account2.address })).toBe(before + 11n);
    await expect(provider.request({ method: 'wallet_getCallsStatus', params: ['nope'] })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('test wallet: rejections and errors', () => {
  it('rejectNext() rejects exactly the next approval with 4001', async () => {
    const provider = wallet();
    provider.rejectNext();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]); // needs no approval: not consumed
    const error = await provider.request({ method: 'eth_requestAccounts' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account0.address]);
  });

  it.each([
    ['personal_sign', () => ['hello', account0.address]],
    ['eth_signTypedData_v4', () => [account0.address, JSON.stringify(typedDataVectors.cases[0]!.typedData)]],
    ['eth_sendTransaction', () => [{ from: account0.address, to: account1.address, value: '0x1' }]],
    ['wallet_switchEthereumChain', () => [{ chainId: '0x7a6a' }]],
  ])('rejectNext() applies to %s', async (method, params) => {
    const provider = wallet();
    await provider.request({ method: 'eth_requestAccounts' });
    provider.rejectNext();
    await expect(provider.request({ method, params: params() })).rejects.toMatchObject({ code: 4001 });
  });

  it('answers -32602 for typed data it cannot encode', async () => {
    const provider = wallet({ privateKey: typedDataVectors.cases[7]!.expected.privateKey });
    const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as Hex[];
    const typedData = JSON.stringify(typedDataVectors.cases[7]!.typedData);
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [address, typedData] })).rejects.toMatchObject({ code: -32602 });
  });

  it('answers 4200 for signing methods it does not offer', async () => {
    const provider = wallet();
    await expect(provider.request({ method: 'eth_sign', params: [account0.address, '0x00'] })).rejects.toMatchObject({ code: 4200 });
  });

  it('rejects a malformed request with -32600', async () => {
    const provider = wallet();
    await expect(provider.request({} as { method: string })).rejects.toMatchObject({ code: -32600 });
  });
});

describe('test wallet: as an ERC-1271 smart account', () => {
  it('shows the contract address and signs so that the contract accepts the signature', async () => {
    const { smartAccount } = devnet().deployment.contracts;
    const provider = wallet({ smartAccount });
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([smartAccount]);
    const signature = (await provider.request({ method: 'personal_sign', params: [stringToHex('hello'), smartAccount] })) as Hex;
    // viem checks a contract account through ERC-1271 isValidSignature on the chain.
    expect(await publicClient(31337).verifyMessage({ address: smartAccount, message: 'hello', signature })).toBe(true);
    expect(await publicClient(31337).verifyMessage({ address: account1.address, message: 'hello', signature })).toBe(false);
  });
});

describe('test wallet: planted failures', () => {
  it('fails the next call of one method with the planted error, once', async () => {
    const provider = wallet();
    await provider.request({ method: 'eth_requestAccounts' });
    provider.failNext('wallet_revokePermissions', -32603, 'Internal error');
    await expect(provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).rejects.toMatchObject({
      code: -32603,
      message: 'Internal error',
    });
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69');
    await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    expect(provider.getState().authorized).toBe(false);
  });
});
