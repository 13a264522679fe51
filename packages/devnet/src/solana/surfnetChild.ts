import { loadSurfnet } from './surfpoolBinary.ts';

// Surfnet in a process of its own (startSolanaChain.ts says why). argv[2]: the accounts to fund,
// as JSON [[address, lamports], ...]. Prints `surfnet: <rpc url> <websocket url>` once ready.
const funded = JSON.parse(process.argv[2] ?? '[]') as [string, number][];
// Slots on a clock of 400 ms, as on Solana's own clusters. Left to itself this Surfnet made a
// slot every ~76 ms (263 slots in 20 s), and its clock thread alone cost each idle devnet
// 1.04 CPU-s per 20 s, against 0.39 CPU-s at 400 ms (measured at load 10–13): about 2 CPU-s a
// minute for each of npm test's three browser stacks, for the whole run. Transactions still
// confirm within a slot; 'transaction' mode would stop the clock between transactions.
const surfnet = loadSurfnet().startWithConfig({ offline: true, blockProductionMode: 'clock', slotTimeMs: 400 });
// Surfnet queues an event per slot in a bounded buffer; once it is full the chain stops
// answering (seen after about 90 s). Nobody here reads them: they are taken and dropped.
setInterval(() => surfnet.drainEvents(), 250);
// SOL comes from the chain's faucet cheat code, as Anvil's accounts start with Ether.
for (const [address, lamports] of funded) surfnet.fundSol(address, lamports);
const stop = () => {
  surfnet.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdout.write(`surfnet: ${surfnet.rpcUrl} ${surfnet.wsUrl}\n`);
