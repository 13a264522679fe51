import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { createPublicClient, erc20Abi, erc721Abi, http, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from './accounts.ts';
import { formatDeployment } from './deployment.ts';
import { DEVNET_NFTS, DEVNET_TOKENS } from './devnetSeed.ts';
import { deploymentPath } from './paths.ts';
import { startDevnet } from './startDevnet.ts';
import { anvilPidsOnPort } from './testing/anvilProcesses.ts';
import { useTestDevnet } from './testing/useTestDevnet.ts';
import { waitFor } from './testing/waitFor.ts';

// Read before any devnet of this file starts (a changed deploy would rewrite the file).
const committedDeployment = readFileSync(deploymentPath, 'utf8');
const devnet = useTestDevnet({ 31337: 18545, 31338: 18546 });
const clientFor = (chainId: number) =>
  createPublicClient({ transport: http(devnet().chains.find((chain) => chain.chainId === chainId)!.rpcUrl) });
const CHAIN_IDS = [31337, 31338];

describe('startDevnet', () => {
  it('deploys exactly the addresses of the committed deployment.json', () => {
    expect(formatDeployment(devnet().deployment)).toBe(committedDeployment);
    expect(devnet().chains).toEqual([
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:18545', wsUrl: 'ws://127.0.0.1:18545' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:18546', wsUrl: 'ws://127.0.0.1:18546' },
    ]);
  });

  it.each(CHAIN_IDS)('has code at every contract address on chain %i', async (chainId) => {
    const client = clientFor(chainId);
    expect(await client.getChainId()).toBe(chainId);
    for (const address of Object.values(devnet().deployment.contracts)) {
      expect((await client.getCode({ address }))?.length ?? 0, address).toBeGreaterThan(2);
    }
  });

  it.each(CHAIN_IDS)('gives test accounts 0..4 their tokens on chain %i', async (chainId) => {
    const client = clientFor(chainId);
    for (const key of ['cairnToken', 'testUsd', 'zeroToken'] as const) {
      const address = devnet().deployment.contracts[key];
      const token = DEVNET_TOKENS[key];
      const read = (functionName: 'name' | 'symbol' | 'decimals') => client.readContract({ address, abi: erc20Abi, functionName });
      expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual([token.name, token.symbol, token.decimals]);
      for (const account of TEST_ACCOUNTS) {
        const balance = await client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });
        expect(balance, `${token.symbol} of ${account.address}`).toBe(token.balancePerTestAccount);
      }
    }
  });

  it('seeds the documented amounts: 1000 CAIRN, 5000 TUSD, 7 ZERO', () => {
    expect(DEVNET_TOKENS.cairnToken.balancePerTestAccount).toBe(1000n * 10n ** 18n);
    expect(DEVNET_TOKENS.testUsd.balancePerTestAccount).toBe(5000n * 10n ** 6n);
    expect(DEVNET_TOKENS.zeroToken.balancePerTestAccount).toBe(7n);
  });

  it.each(CHAIN_IDS)('gives each test account one NFT and account 0 the spam item on chain %i', async (chainId) => {
    const client = clientFor(chainId);
    const { testNft, spamNft } = devnet().deployment.contracts;
    for (const [index, account] of TEST_ACCOUNTS.entries()) {
      const owner = await client.readContract({ address: testNft, abi: erc721Abi, functionName: 'ownerOf', args: [BigInt(index + 1)] });
      expect(owner).toBe(account.address);
      expect(await client.readContract({ address: testNft, abi: erc721Abi, functionName: 'balanceOf', args: [account.address] })).toBe(1n);
    }
    expect(await client.readContract({ address: spamNft, abi: erc721Abi, functionName: 'name' })).toBe(DEVNET_NFTS.spamNft.name);
    expect(await client.readContract({ address: spamNft, abi: erc721Abi, functionName: 'symbol' })).toBe('CLAIM');
    expect(await client.readContract({ address: spamNft, abi: erc721Abi, functionName: 'ownerOf', args: [1n] })).toBe(
      TEST_ACCOUNTS[0]!.address,
    );
    const uri = await client.readContract({ address: testNft, abi: erc721Abi, functionName: 'tokenURI', args: [1n] });
    const metadata = JSON.parse(Buffer.from(uri.replace('data:application/json;base64,', ''), 'base64').toString('utf8'));
    expect(metadata).toMatchObject({ name: `${DEVNET_NFTS.testNft.name} #1`, image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
  });

  it('gives account 0 exactly 10000 ETH on 31337 and 42 ETH on 31338', async () => {
    const address = TEST_ACCOUNTS[0]!.address;
    expect(await clientFor(31337).getBalance({ address })).toBe(parseEther('10000'));
    expect(await clientFor(31338).getBalance({ address })).toBe(parseEther('42'));
  });

  it('answers Multicall3 aggregate3, getEthBalance and getBlockNumber', async () => {
    const client = clientFor(31338);
    const { multicall3, cairnToken } = devnet().deployment.contracts;
    const account = TEST_ACCOUNTS[0]!.address;
    const abi = parseAbi(['function getEthBalance(address) view returns (uint256)', 'function getBlockNumber() view returns (uint256)']);
    const results = await client.multicall({
      multicallAddress: multicall3,
      contracts: [
        { address: cairnToken, abi: erc20Abi, functionName: 'symbol' },
        { address: multicall3, abi, functionName: 'getEthBalance', args: [account] },
        { address: multicall3, abi, functionName: 'getBlockNumber' },
        { address: cairnToken, abi: erc20Abi, functionName: 'transfer', args: [account, 10n ** 30n] }, // reverts
      ],
    });
    expect(results.map((result) => result.status)).toEqual(['success', 'success', 'success', 'failure']);
    expect(results[0]!.result).toBe('CAIRN');
    expect(results[1]!.result).toBe(parseEther('42'));
    expect(results[2]!.result).toBe(await client.getBlockNumber());
  });

  it('deploys a SmartAccount that accepts only its owner’s signatures (ERC-1271)', async () => {
    const client = clientFor(31337);
    const address = devnet().deployment.contracts.smartAccount;
    const abi = parseAbi(['function owner() view returns (address)', 'function isValidSignature(bytes32, bytes) view returns (bytes4)']);
    expect(await client.readContract({ address, abi, functionName: 'owner' })).toBe(TEST_ACCOUNTS[0]!.address);
    const hash: Hex = `0x${'ab'.repeat(32)}`;
    const check = async (privateKey: Hex) =>
      client.readContract({
        address,
        abi,
        functionName: 'isValidSignature',
        args: [hash, await privateKeyToAccount(privateKey).sign({ hash: hash })],
      });
    expect(await check(TEST_ACCOUNTS[0]!.privateKey)).toBe('0x1626ba7e');
    expect(await check(TEST_ACCOUNTS[1]!.privateKey)).toBe('0xffffffff');
    expect(await client.readContract({ address, abi, functionName: 'isValidSignature', args: [hash, '0x1234'] })).toBe(
      '0xffffffff',
    );
  });
});

describe('startDevnet failures and shutdown', () => {
  let blocker: Server | undefined;
  afterAll(() => new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve())));

  it('rejects with a clear message when a port is taken, and starts nothing', async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(18551, '127.0.0.1', resolve));
    await expect(
      startDevnet({
        chains: [
          { chainId: 31337, port: 18552 },
          { chainId: 31338, port: 18551 },
        ],
      }),
    ).rejects.toThrow('Port 18551 is already in use (is another devnet running?)');
    expect(anvilPidsOnPort(18552)).toEqual([]);
  });

  it('stop() ends every anvil process and frees the ports', async () => {
    const small = await startDevnet({ chains: [{ chainId: 31337, port: 18553 }] });
    expect(anvilPidsOnPort(18553)).toHaveLength(1);
    await small.stop();
    expect(anvilPidsOnPort(18553)).toEqual([]);
    // The port is free again: a second devnet can take it at once.
    const again = await startDevnet({ chains: [{ chainId: 31337, port: 18553 }] });
    await again.stop();
    await waitFor(() => anvilPidsOnPort(18553).length === 0, 'anvil on 18553 to exit');
  });

  it('keeps deployment addresses independent of the chain id', async () => {
    const other = await startDevnet({ chains: [{ chainId: 999, port: 18554 }] });
    try {
      expect(other.deployment).toEqual(devnet().deployment);
    } finally {
      await other.stop();
    }
  });
});
