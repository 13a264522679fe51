import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployment, DEVNET_TOKENS, startDevnet, type Devnet } from '@cairn/devnet';
import { encodeAbiParameters, type Address, type Hex } from 'viem';
import { readTokenMetadata, rpcCallReader, tokenMetadataCache, type ReadCall } from './tokenMetadata.ts';

const word = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value]);
const text = (value: string) => encodeAbiParameters([{ type: 'string' }], [value]);

describe("a token's decimals and symbol, read from its contract", () => {
  it('takes sane answers and refuses absurd ones: decimals over 36, a bytes32 symbol, a symbol that could pose as an address', () => {
    expect(readTokenMetadata(word(6n), text('USDC'))).toEqual({ decimals: 6, symbol: 'USDC' });
    expect(readTokenMetadata(word(36n), text('USD₮0'))).toEqual({ decimals: 36, symbol: 'USD₮0' });
    expect(readTokenMetadata(word(37n), text('USDC'))).toBeUndefined();
    expect(readTokenMetadata(word(2n ** 255n), text('USDC'))).toBeUndefined();
    expect(readTokenMetadata('0x06', text('USDC'))).toBeUndefined();
    // MKR answers a bytes32: no ABI string.
    expect(readTokenMetadata(word(18n), `0x${Buffer.from('MKR').toString('hex').padEnd(64, '0')}`)).toBeUndefined();
    for (const symbol of ['', 'USDC (token 0x0000000000000000000000000000000000000001)', 'USDC\u202e', 'A'.repeat(25), 'US DC']) {
      expect(readTokenMetadata(word(6n), text(symbol)), symbol).toBeUndefined();
    }
  });

  it('reads each token once per chain, keeps no failed read, and holds a bounded number', async () => {
    const asked: string[] = [];
    let failing = true;
    const read: ReadCall = async (to, data) => {
      asked.push(`${to}:${data}`);
      if (failing) throw new Error('timeout');
      return data === '0x313ce567' ? word(18n) : text('TKN');
    };
    const cache = tokenMetadataCache(2);
    const a: Address = '0x000000000000000000000000000000000000000a';
    expect(await cache(1, a, read)).toBeUndefined();
    failing = false;
    expect(await cache(1, a, read)).toEqual({ decimals: 18, symbol: 'TKN' });
    expect(await cache(1, a, read)).toEqual({ decimals: 18, symbol: 'TKN' });
    expect(asked).toHaveLength(4);
    await cache(2, a, read);
    expect(asked).toHaveLength(6);
    await cache(1, '0x000000000000000000000000000000000000000b', read);
    await cache(1, a, read); // the oldest went out for the third token
    expect(asked).toHaveLength(10);
  });
});

describe('against the devnet', () => {
  let devnet: Devnet;
  let rpcUrl: string;
  let silent: Server;
  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: 18573 }] });
    rpcUrl = devnet.chains[0]!.rpcUrl;
    // A node that never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  }, 120_000);
  afterAll(async () => {
    silent?.closeAllConnections();
    silent?.close();
    await devnet?.stop();
  });

  it("reads the devnet's real ERC-20s: TUSD's 6 decimals, ZERO's 0", async () => {
    const cache = tokenMetadataCache();
    const read = rpcCallReader(rpcUrl);
    expect(await cache(31337, deployment.contracts.testUsd, read)).toEqual({ decimals: DEVNET_TOKENS.testUsd.decimals, symbol: 'TUSD' });
    expect(await cache(31337, deployment.contracts.zeroToken, read)).toEqual({ decimals: 0, symbol: 'ZERO' });
  });

  it('gives nothing for a contract that answers absurdly, an account with no code, and a node that does not answer in time', async () => {
    // Answers every call with the word 0xff..ff: decimals far over 36, and no ABI string for a symbol.
    const absurd: Address = '0x00000000000000000000000000000000000ab5d0';
    const code: Hex = `0x7f${'ff'.repeat(32)}60005260206000f3`;
    await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [absurd, code] }) });
    const cache = tokenMetadataCache();
    expect(await cache(31337, absurd, rpcCallReader(rpcUrl))).toBeUndefined();
    expect(await cache(31337, '0x00000000000000000000000000000000000e0a11', rpcCallReader(rpcUrl))).toBeUndefined();
    const started = performance.now();
    expect(await cache(31337, deployment.contracts.testUsd, rpcCallReader(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 300))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
