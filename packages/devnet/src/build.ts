import { buildBitcoinTestWallet, buildPolkadotTestExtension, buildSolanaTestWallet, buildTestWallet } from './buildTestWallet.ts';
import { compileContracts } from './compile.ts';

// npm run build -w @cairn/devnet (and every `npm start` / `npm test`): one line on the screen.
const started = performance.now();
const compiled = await compileContracts();
await Promise.all([buildTestWallet(), buildSolanaTestWallet(), buildPolkadotTestExtension(), buildBitcoinTestWallet()]);
const contracts = compiled.restored ? "contracts copied from this machine's cache" : compiled.cached ? 'contracts unchanged' : `contracts compiled in ${(compiled.ms / 1000).toFixed(1)} s`;
console.log(`devnet build: ${contracts}, 4 test wallets bundled; ${((performance.now() - started) / 1000).toFixed(1)} s`);
