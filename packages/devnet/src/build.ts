import { buildTestWallet } from './buildTestWallet.ts';
import { compileContracts } from './compile.ts';
import { testWalletScriptPath } from './paths.ts';

// npm run build -w @cairn/devnet
const compiled = await compileContracts();
console.log(compiled.cached ? `contracts: unchanged (${compiled.ms.toFixed(0)} ms)` : `contracts: compiled in ${compiled.ms.toFixed(0)} ms`);
const wallet = await buildTestWallet();
console.log(`test wallet: ${testWalletScriptPath} in ${wallet.ms.toFixed(0)} ms`);
