import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployment, startDevnet, type Devnet } from '@cairn/devnet';
import { getAddress, type Address, type Hex } from 'viem';
import { answersEverything, erc1155ByErc165, erc721WithoutErc165, setCode } from '../testing/collectionContracts.ts';
import { collectionSessionRefusal, collectionTarget, rpcProbeReader } from './collectionTarget.ts';
import { ERC20_APPROVE_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_TRANSFER_SELECTOR, PermissionsText } from './permissionsRequest.ts';

// Session 26: the frame reads, through its own RPC and before a counted session's screen, whether
// the session's target is a collection (ERC-165's ERC-721 or ERC-1155, or ERC-721's shape for one
// that answers no ERC-165). On the devnet: its real ERC-20s (TestToken, WETH, the AMM's pair tokens)
// are never taken for one, its ERC-721s are; contracts set on the chain as runtime code
// (testing/collectionContracts.ts) stand for what the devnet does not deploy.

let devnet: Devnet;
let rpcUrl: string;
let silent: Server;
const holder = getAddress('0x00000000000000000000000000000000000c0ffe');
const placed = {
  erc721Id1: getAddress('0x0000000000000000000000000000000000721001'),
  erc721HighId: getAddress('0x0000000000000000000000000000000000721999'),
  erc1155: getAddress('0x0000000000000000000000000000000000001155'),
  answersEverything: getAddress('0x00000000000000000000000000000000000ab5d0'),
};

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 29771 }] });
  rpcUrl = devnet.chains[0]!.rpcUrl;
  await setCode(rpcUrl, placed.erc721Id1, erc721WithoutErc165(holder, 1n));
  await setCode(rpcUrl, placed.erc721HighId, erc721WithoutErc165(holder, 10_000n));
  await setCode(rpcUrl, placed.erc1155, erc1155ByErc165);
  await setCode(rpcUrl, placed.answersEverything, answersEverything);
  // A node that never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  silent?.closeAllConnections();
  silent?.close();
  await devnet?.stop();
});

describe("whether a session's target is a collection, read through the frame's RPC (session 26)", () => {
  it("takes none of the devnet's ERC-20s for one (TestTokens, WETH, the AMM's pair tokens), nor an account with no code, nor a contract that answers anything to everything", async () => {
    const probe = rpcProbeReader(rpcUrl);
    const { cairnToken, testUsd, zeroToken, weth, cairnTusdPair, wethTusdPair } = deployment.contracts;
    for (const token of [cairnToken, testUsd, zeroToken, weth, cairnTusdPair, wethTusdPair, getAddress('0x00000000000000000000000000000000000e0a11'), placed.answersEverything]) {
      expect(await collectionTarget(token as Address, probe), token).toBeUndefined();
    }
  });

  it("takes the devnet's ERC-721s by their ERC-165 answer, an ERC-1155 by its, and an ERC-721 that answers no ERC-165 by its shape", async () => {
    const probe = rpcProbeReader(rpcUrl);
    expect(await collectionTarget(deployment.contracts.testNft as Address, probe)).toBe('erc721');
    expect(await collectionTarget(deployment.contracts.spamNft as Address, probe)).toBe('erc721');
    expect(await collectionTarget(placed.erc1155, probe)).toBe('erc1155');
    // Its token 1 has a holder: ownerOf answers an address.
    expect(await collectionTarget(placed.erc721Id1, probe)).toBe('erc721Shape');
    // No token 0 or 1: its balanceOf(0) reverts where an ERC-20's answers.
    expect(await collectionTarget(placed.erc721HighId, probe)).toBe('erc721Shape');
  });

  it('refuses a counted session on each, before any screen, with the ERC-721 text; lets every other grant by; refuses too when the node does not answer', async () => {
    const probe = rpcProbeReader(rpcUrl);
    const grant = (target: Address, selector?: Hex) => ({ key: holder, target, ...(selector ? { selector } : {}), valueLimit: 0n, allowance: 1n, gasBudget: 0n, expiry: 1_900_000_000 });
    const counted = [ERC20_TRANSFER_SELECTOR, ERC20_APPROVE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR];
    for (const target of [deployment.contracts.testNft as Address, placed.erc1155, placed.erc721Id1, placed.erc721HighId]) {
      for (const selector of counted) expect(await collectionSessionRefusal(grant(target, selector), probe), `${target} ${selector}`).toBe(PermissionsText.erc721Token);
      // A function Cairn does not know, or a plain transfer, is not counted by amount: the screen's Beware row is its guard.
      expect(await collectionSessionRefusal(grant(target, '0x12345678'), probe)).toBeUndefined();
      expect(await collectionSessionRefusal(grant(target), probe)).toBeUndefined();
    }
    for (const selector of counted) expect(await collectionSessionRefusal(grant(deployment.contracts.testUsd as Address, selector), probe)).toBeUndefined();
    const started = performance.now();
    const silentProbe = rpcProbeReader(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 300);
    expect(await collectionSessionRefusal(grant(deployment.contracts.testUsd as Address, ERC20_TRANSFER_SELECTOR), silentProbe)).toBe(PermissionsText.targetUnread);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
