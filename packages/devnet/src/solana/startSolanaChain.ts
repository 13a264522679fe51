import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  associatedTokenAddress,
  createAccount,
  createAssociatedTokenAccount,
  initializeMint,
  MINT_SIZE,
  mintTo,
  TOKEN_PROGRAM,
} from '@cairn/solana/transaction';
import { solanaRpc } from './solanaRpc.ts';
import { assertPortFree } from '../ports.ts';
import {
  SOLANA_ACCOUNT_LAMPORTS,
  SOLANA_ACCOUNT_TOKENS,
  SOLANA_DEPLOYER,
  SOLANA_MINT_KEY,
  SOLANA_TEST_ACCOUNTS,
  SOLANA_TEST_TOKEN,
} from './solanaAccounts.ts';
import { sendSolanaTransaction } from './solanaTransactions.ts';
import { forwardTcp } from './tcpForward.ts';
import { startAnnounced } from '../announcedProcess.ts';

export type SolanaChainOptions = {
  /** RPC port (the websocket is on port + 1); 0 picks free ports. */
  port: number;
  host: string;
};

export type SolanaChain = {
  rpcUrl: string;
  wsUrl: string;
  /** The test SPL mint (created by real transactions at start). */
  mint: string;
  stop(): Promise<void>;
};

// Surfnet picks its own ports: it takes a free one and binds it later. When another process takes
// the port in between, Surfnet prints 'RPC port N is already in use' (or its websocket thread
// panics) and its start never returns, blocking the process that called it (ci30: a browser
// shard's devnet hung until its stack's 600 s bound). So it runs in a child of its own, which can
// be stopped, and a try that lost the race is followed by another (another pick).
const SURFNET_CHILD = fileURLToPath(new URL('./surfnetChild.ts', import.meta.url));
// tsx by its own path: the child may start from any working directory.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SURFNET_ATTEMPTS = 3;
// Idle, the child is ready in about 1 s (Node, tsx and Surfnet's load); this is for a busy machine.
const SURFNET_START_TIMEOUT_MS = 120_000;
const SURFNET_LOST_BIND = /already in use|panicked|Failed to bind/;

/**
 * A local Solana chain (Surfpool, offline, in a child process under the devnet's watchdog), on
 * fixed ports, with the test accounts funded and the CSOL mint created and minted to each of them
 * by real transactions.
 */
export async function startSolanaChain({ port, host }: SolanaChainOptions): Promise<SolanaChain> {
  if (port !== 0) {
    await assertPortFree(port, host);
    await assertPortFree(port + 1, host);
  }
  const funded = [SOLANA_DEPLOYER, ...SOLANA_TEST_ACCOUNTS].map((account) => [account.address, Number(SOLANA_ACCOUNT_LAMPORTS)]);
  const surfnet = await startAnnounced('The local Solana chain (Surfnet)', process.execPath, ['--import', TSX, SURFNET_CHILD, JSON.stringify(funded)], {
    ready: /^surfnet: (\S+) (\S+)$/m,
    fatal: SURFNET_LOST_BIND,
    timeoutMs: SURFNET_START_TIMEOUT_MS,
    attempts: SURFNET_ATTEMPTS,
  });
  const rpcTarget = new URL(surfnet.match[1]!);
  const wsTarget = new URL(surfnet.match[2]!);
  const forwards: { close(): Promise<void> }[] = [];
  const stop = async () => {
    await Promise.all(forwards.map((forward) => forward.close()));
    await surfnet.stop();
  };
  try {
    const rpc = await forwardTcp(port, host, { host: rpcTarget.hostname, port: Number(rpcTarget.port) });
    forwards.push(rpc);
    const ws = await forwardTcp(port === 0 ? 0 : port + 1, host, { host: wsTarget.hostname, port: Number(wsTarget.port) });
    forwards.push(ws);
    const rpcUrl = `http://${host}:${rpc.port}`;
    await seed(rpcUrl);
    return { rpcUrl, wsUrl: `ws://${host}:${ws.port}`, mint: SOLANA_TEST_TOKEN.mint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// The accounts' SOL is funded by the child (Surfnet's faucet cheat code); the mint by transactions.
async function seed(rpcUrl: string): Promise<void> {
  const rent = BigInt(await solanaRpc<number>(rpcUrl, 'getMinimumBalanceForRentExemption', [MINT_SIZE]));
  const deployer = SOLANA_DEPLOYER.address;
  const mint = SOLANA_MINT_KEY.address;
  await sendSolanaTransaction(
    rpcUrl,
    [
      createAccount({ from: deployer, newAccount: mint, lamports: rent, space: MINT_SIZE, owner: TOKEN_PROGRAM }),
      initializeMint(mint, SOLANA_TEST_TOKEN.decimals, deployer),
    ],
    [SOLANA_DEPLOYER, SOLANA_MINT_KEY],
  );
  const instructions = SOLANA_TEST_ACCOUNTS.flatMap(({ address: owner }) => {
    const account = associatedTokenAddress(owner, mint);
    return [createAssociatedTokenAccount({ payer: deployer, account, owner, mint }), mintTo(mint, account, deployer, SOLANA_ACCOUNT_TOKENS)];
  });
  await sendSolanaTransaction(rpcUrl, instructions, [SOLANA_DEPLOYER]);
}
