import { createRequire } from 'node:module';
import { hexToBytes } from '@noble/hashes/utils';
import { Address, OutScript } from '@scure/btc-signer';
import { BITCOIN_ACCOUNT_SATS, BITCOIN_MINER, BITCOIN_TEST_ACCOUNTS, REGTEST_PARAMS } from './bitcoinAccounts.ts';

// bcoin 1.0.2 (MIT) as an in-memory regtest full node. It has no types; the few parts used are
// typed here. Its native backend is not built (install scripts are off), so it runs on its pure
// JavaScript backend (NODE_BACKEND=js), and its LevelDB dependency is overridden to memdown.

/* eslint-disable @typescript-eslint/no-explicit-any -- bcoin ships no types */
type Bcoin = any;
export type BcoinNode = any;
export type BcoinTX = any;
export type BcoinMeta = { tx: BcoinTX; height: number; block: string | null; time: number; mtime: number };

let loaded: Bcoin | undefined;
export function loadBcoin(): Bcoin {
  if (loaded) return loaded;
  process.env.NODE_BACKEND = 'js';
  loaded = createRequire(import.meta.url)('bcoin');
  // Bitcoin Core's regtest prefix, so addresses match what wallets and @scure/btc-signer make.
  loaded.Network.get('regtest').addressPrefix.bech32 = 'bcrt';
  return loaded;
}

/** Blocks mined at start: segwit activates at 432 on bcoin's regtest, and coinbases mature at 100. */
export const REGTEST_START_BLOCKS = 432;

/** The output script an address pays, or undefined for anything that is not a regtest address. */
export function scriptOfAddress(address: string): Uint8Array | undefined {
  try {
    return OutScript.encode(Address(REGTEST_PARAMS).decode(address));
  } catch {
    return undefined;
  }
}

/** The regtest address of an output script (bech32m for taproot), when it has one. */
export function addressOfScript(script: Uint8Array): string | undefined {
  try {
    return Address(REGTEST_PARAMS).encode(OutScript.decode(script));
  } catch {
    return undefined;
  }
}

export function bcoinAddress(bcoin: Bcoin, script: Uint8Array): any {
  return bcoin.Address.fromScript(bcoin.Script.fromRaw(Buffer.from(script)));
}

export async function mineBlocks(node: BcoinNode, count: number, script: Uint8Array): Promise<number> {
  const bcoin = loadBcoin();
  const address = bcoinAddress(bcoin, script);
  for (let index = 0; index < count; index++) {
    const block = await node.miner.mineBlock(node.chain.tip, address);
    await node.chain.add(block);
  }
  return node.chain.height as number;
}

/** Opens the node, mines past segwit activation and funds each test account's payment address. */
export async function startRegtestNode(): Promise<BcoinNode> {
  const bcoin = loadBcoin();
  // bcoin's own HTTP API (unused: the Esplora facade talks to the node in process) on a free loopback
  // port, not regtest's fixed 48332, so that several chains (tests in parallel, the e2e stack) can run.
  const node = new bcoin.FullNode({ network: 'regtest', memory: true, workers: false, listen: false, logLevel: 'error', indexTX: true, indexAddress: true, httpHost: '127.0.0.1', httpPort: 0 });
  await node.open();
  // Mine every mempool transaction, even one paying only the minimum relay fee (a "free" one).
  node.miner.options.minWeight = 4_000_000;
  node.miner.options.priorityWeight = 0;
  const minerScript = scriptOfAddress(BITCOIN_MINER.payment)!;
  await mineBlocks(node, REGTEST_START_BLOCKS, minerScript);

  const ring = bcoin.KeyRing.fromPrivate(Buffer.from(hexToBytes(BITCOIN_MINER.secretKey)), true);
  ring.witness = true;
  const coins = (await node.getCoinsByAddress(ring.getAddress())).filter((coin: any) => node.chain.height - coin.height >= 100);
  const mtx = new bcoin.MTX();
  for (const account of BITCOIN_TEST_ACCOUNTS) mtx.addOutput(bcoinAddress(bcoin, scriptOfAddress(account.payment)!), Number(BITCOIN_ACCOUNT_SATS));
  await mtx.fund(coins, { changeAddress: ring.getAddress(), rate: 1000 });
  mtx.sign(ring);
  await node.mempool.addTX(mtx.toTX());
  await mineBlocks(node, 1, minerScript);
  return node;
}
