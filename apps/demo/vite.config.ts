import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { sourceResolve } from '../../scripts/lib/sourceConditions.ts';

const testWalletPaths = {
  'test-wallet.js': fileURLToPath(new URL('../../packages/devnet/dist/test-wallet.js', import.meta.url)),
  'solana-test-wallet.js': fileURLToPath(new URL('../../packages/devnet/dist/solana-test-wallet.js', import.meta.url)),
  'polkadot-test-extension.js': fileURLToPath(new URL('../../packages/devnet/dist/polkadot-test-extension.js', import.meta.url)),
  'bitcoin-test-wallet.js': fileURLToPath(new URL('../../packages/devnet/dist/bitcoin-test-wallet.js', import.meta.url)),
};
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const serverUrl = `http://127.0.0.1:${port('SERVER_PORT', 8787)}`;
/** The server's RPC proxy for a chain (SPEC §7): the page holds no node URL. */
const serverRpcUrl = (chain: string) => `${serverUrl}/v1/?chainId=${chain}&projectId=cairn-local`;

/** The local stack's addresses, baked in at build time from the same variables `npm start` sets. */
const demoConfig = {
  // The site reads the EVM chains through its server (`api`, no rpcUrl); the test wallets and the
  // web wallet, standing in for wallets with nodes of their own, use the server's RPC too.
  chains: [
    { chainId: 31337, name: 'Cairn Devnet', rpcUrl: serverRpcUrl('eip155:31337') },
    { chainId: 31338, name: 'Cairn Devnet Two', rpcUrl: serverRpcUrl('eip155:31338') },
  ],
  // The devnet's local Solana chain (`?solana=1` adds it to the demo's networks), through the server's RPC.
  solanaRpcUrl: serverRpcUrl('solana:localnet'),
  // The devnet's local Polkadot chain (`?polkadot=1` adds it), through the server's RPC websocket (@polkadot/api subscribes).
  polkadotRpcUrl: serverRpcUrl(`polkadot:${'45'.repeat(16)}`).replace(/^http/, 'ws'),
  // The devnet's Bitcoin regtest chain's Esplora API (`?bitcoin=1`).
  bitcoinEsploraUrl: `http://127.0.0.1:${port('CHAIN_PORT_BITCOIN', 3002)}`,
  serverUrl,
  // The secure frame on its own origin: e-mail and social login.
  frameUrl: `http://127.0.0.1:${port('FRAME_PORT', 5174)}/`,
  // The server's WalletConnect relay (on in the local stack), for the web wallet at /wallet.html.
  relayUrl: `ws://127.0.0.1:${port('SERVER_PORT', 8787)}/relay`,
};

/** Serves the devnet's injectable test wallets (/test-wallet.js, /solana-test-wallet.js, /polkadot-test-extension.js, /bitcoin-test-wallet.js) for the dev panel and e2e. */
function testWalletScript(): Plugin {
  const serve = (path: string) => (_req: unknown, res: { setHeader(k: string, v: string): void; end(body: string): void }) => {
    res.setHeader('content-type', 'text/javascript');
    res.end(readFileSync(path, 'utf8'));
  };
  return {
    name: 'cairn-test-wallet',
    configureServer(server) {
      for (const [fileName, path] of Object.entries(testWalletPaths)) server.middlewares.use(`/${fileName}`, serve(path));
    },
    generateBundle() {
      for (const [fileName, path] of Object.entries(testWalletPaths)) this.emitFile({ type: 'asset', fileName, source: readFileSync(path, 'utf8') });
    },
  };
}

export default defineConfig({
  ...sourceResolve,
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [...sourceResolve.plugins, react(), testWalletScript()],
  define: { __DEMO_CONFIG__: JSON.stringify(demoConfig) },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // The web wallet's entry carries WalletKit (~505 kB); the site's own size has its budget in bench/.
    chunkSizeWarningLimit: 600,
    // Two pages: the demo site, and the web wallet (WalletKit) as an entry of its own, so the
    // site's bundle never carries the wallet.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        wallet: fileURLToPath(new URL('wallet.html', import.meta.url)),
      },
    },
  },
});
