import { buildBitcoinTestWallet, buildPolkadotTestExtension, buildSolanaTestWallet, buildTestWallet } from './buildTestWallet.ts';
import { compileContracts } from './compile.ts';
import { bitcoinTestWalletScriptPath, polkadotTestExtensionScriptPath, solanaTestWalletScriptPath, testWalletScriptPath } from './paths.ts';

// npm run build -w @cairn/devnet
const compiled = await compileContracts();
console.log(compiled.cached ? `contracts: unchanged (${compiled.ms.toFixed(0)} ms)` : `contracts: compiled in ${compiled.ms.toFixed(0)} ms`);
const wallet = await buildTestWallet();
console.log(`test wallet: ${testWalletScriptPath} in ${wallet.ms.toFixed(0)} ms`);
const solanaWallet = await buildSolanaTestWallet();
console.log(`solana test wallet: ${solanaTestWalletScriptPath} in ${solanaWallet.ms.toFixed(0)} ms`);
const polkadotExtension = await buildPolkadotTestExtension();
console.log(`polkadot test extension: ${polkadotTestExtensionScriptPath} in ${polkadotExtension.ms.toFixed(0)} ms`);
const bitcoinWallet = await buildBitcoinTestWallet();
console.log(`bitcoin test wallet: ${bitcoinTestWalletScriptPath} in ${bitcoinWallet.ms.toFixed(0)} ms`);
