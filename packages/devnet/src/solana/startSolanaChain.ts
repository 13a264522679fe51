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
import { loadSurfnet } from './surfpoolBinary.ts';
import { forwardTcp } from './tcpForward.ts';


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

/**
 * A local Solana chain (Surfpool, offline, in this process: it dies with the devnet), on fixed
 * ports, with the test accounts funded and the CSOL mint created and minted to each of them by
 * real transactions.
 */
export async function startSolanaChain({ port, host }: SolanaChainOptions): Promise<SolanaChain> {
  if (port !== 0) {
    await assertPortFree(port, host);
    await assertPortFree(port + 1, host);
  }
  // Slots on a clock of 400 ms, as on Solana's own clusters. Left to itself this Surfnet made a
  // slot every ~76 ms (263 slots in 20 s), and its clock thread alone cost each idle devnet
  // 1.04 CPU-s per 20 s, against 0.39 CPU-s at 400 ms (measured at load 10–13): about 2 CPU-s a
  // minute for each of npm test's three browser stacks, for the whole run. Transactions still
  // confirm within a slot; 'transaction' mode would stop the clock between transactions.
  const surfnet = loadSurfnet().startWithConfig({ offline: true, blockProductionMode: 'clock', slotTimeMs: 400 });
  // Surfnet queues an event per slot in a bounded buffer; once it is full the chain stops
  // answering (seen after about 90 s). Nobody here reads them: they are taken and dropped.
  const drain = setInterval(() => surfnet.drainEvents(), 250);
  drain.unref();
  const rpcTarget = new URL(surfnet.rpcUrl);
  const wsTarget = new URL(surfnet.wsUrl);
  const forwards: { close(): Promise<void> }[] = [];
  const stop = async () => {
    clearInterval(drain);
    await Promise.all(forwards.map((forward) => forward.close()));
    surfnet.stop();
  };
  try {
    const rpc = await forwardTcp(port, host, { host: rpcTarget.hostname, port: Number(rpcTarget.port) });
    forwards.push(rpc);
    const ws = await forwardTcp(port === 0 ? 0 : port + 1, host, { host: wsTarget.hostname, port: Number(wsTarget.port) });
    forwards.push(ws);
    const rpcUrl = `http://${host}:${rpc.port}`;
    await seed(rpcUrl, surfnet.fundSol.bind(surfnet));
    return { rpcUrl, wsUrl: `ws://${host}:${ws.port}`, mint: SOLANA_TEST_TOKEN.mint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function seed(rpcUrl: string, fundSol: (address: string, lamports: number) => void): Promise<void> {
  // SOL comes from the chain's faucet cheat code, as Anvil's accounts start with Ether.
  for (const account of [SOLANA_DEPLOYER, ...SOLANA_TEST_ACCOUNTS]) fundSol(account.address, Number(SOLANA_ACCOUNT_LAMPORTS));
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
