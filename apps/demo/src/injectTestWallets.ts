import type { DevPanelSettings } from './devPanelSettings.ts';

// Anvil's first two well-known development keys: public, funded only on the local devnet.
const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c47a2bd2fb4aaee9c2a9a3d4cc4e86c1af31f8ac05ad4e0ab36ae0d0e9fc38',
] as const;

// The devnet's Solana test account 0 (SOLANA_TEST_ACCOUNTS in @cairn/devnet): a fixed key, funded only on the local chain.
const SOLANA_DEV_KEY = '17eb6bab91fab15fd9d2525ab637b7d6c84afbba1871f5d637f066e91b725792';

// The devnet's Bitcoin test account 0 (BITCOIN_TEST_ACCOUNTS in @cairn/devnet): funded only on the local regtest chain.
const BITCOIN_DEV_KEY = '55bc1e9bb8931728e2e084c63566d0ffda8912e2e08d5050ceeaf1010bf1078a';

/** Loads the devnet's test wallet scripts (as browser extensions would inject themselves). */
export async function injectTestWallets(settings: DevPanelSettings): Promise<void> {
  if (settings.solana) {
    (window as { __cairnSolanaTestWallets?: unknown }).__cairnSolanaTestWallets = [
      { secretKey: SOLANA_DEV_KEY, rpcUrls: { 'solana:localnet': __DEMO_CONFIG__.solanaRpcUrl } },
    ];
    await loadScript('/solana-test-wallet.js');
  }
  if (settings.polkadot) {
    // The devnet's funded development key //Alice (POLKADOT_TEST_ACCOUNTS in @cairn/devnet).
    (window as { __cairnPolkadotTestExtensions?: unknown }).__cairnPolkadotTestExtensions = [{ uris: ['//Alice'] }];
    await loadScript('/polkadot-test-extension.js');
  }
  if (settings.bitcoin) {
    (window as { __cairnBitcoinTestWallets?: unknown }).__cairnBitcoinTestWallets = [{ secretKey: BITCOIN_DEV_KEY, esploraUrl: __DEMO_CONFIG__.bitcoinEsploraUrl }];
    await loadScript('/bitcoin-test-wallet.js');
  }
  if (!settings.injectWallet && !settings.injectSecondWallet) return;
  const chains = Object.fromEntries(__DEMO_CONFIG__.chains.map((chain) => [chain.chainId, chain.rpcUrl]));
  const chainId = __DEMO_CONFIG__.chains[0]!.chainId;
  const wallets = [];
  if (settings.injectWallet) {
    wallets.push({
      privateKey: DEV_KEYS[0],
      chains,
      chainId,
      ...(settings.legacyInjectedOnly ? { asWindowEthereum: true, announce: false } : {}),
    });
  }
  if (settings.injectSecondWallet) {
    wallets.push({
      privateKey: DEV_KEYS[1],
      chains,
      chainId,
      info: { name: 'Second Test Wallet', rdns: 'dev.cairn.testwallet2' },
    });
  }
  (window as { __cairnTestWallets?: unknown }).__cairnTestWallets = wallets;
  await loadScript('/test-wallet.js');
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src} (run \`npm run build:devnet\`)`));
    document.head.append(script);
  });
}
