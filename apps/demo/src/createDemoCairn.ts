import { createCairn, type CaipNetwork, type ThemeMode } from '@cairn/core';
import { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';
import { createBitcoinAdapter, defineBitcoinNetwork } from '@cairn/bitcoin';
import { createSolanaAdapter, defineSolanaNetwork } from '@cairn/solana';
import { createPolkadotAdapter, definePolkadotNetwork } from '@cairn/polkadot';
import { walletConnect } from '@cairn/walletconnect';
import { safe } from '@cairn/connectors/safe';
import { coinbaseWallet } from '@cairn/connectors/coinbase';
import { embeddedWallet } from '@cairn/frame/plugin';

/**
 * The demo's Cairn instance. Two query parameters let a visitor (and the e2e tests) try the
 * configuration space: `networks=31337,31338` picks the networks the site requests, and
 * `theme=light|dark|system` the theme mode, `siwx=required|optional` turns on sign-in with the wallet,
 * `wc=basic` opens on the WalletConnect QR code alone (SPEC §2 basic mode), `solana=1` adds the
 * devnet's local Solana chain and Wallet Standard wallets beside the EVM ones (as the dev panel's
 * Solana switch does), `polkadot=1` the local Polkadot chain and injected extensions (as its
 * Polkadot switch does), `bitcoin=1` the devnet's Bitcoin regtest chain (its Esplora API) and
 * Bitcoin wallets (the dev panel's Bitcoin switch), `login=0` leaves out the e-mail and social login,
 * `explorer=<url>` gives the devnet's EVM networks a block explorer there (Send links its transactions).
 * `frameTimeout=4000` shortens the secure frame's log-in request timeout (ms; SPEC's 30 s otherwise).
 * SPEC §9's Connect switches: `legal=1` the legal checkbox (the demo's terms and privacy pages),
 * `collapse=1` collapsed wallets, `analytics=0` no event sent to the server, `custom=1` the site's
 * own wallet (Trail Wallet: the demo's web wallet, over WalletConnect), `sessions=1` smart sessions
 * (the site may ask the wallet for ERC-7715 permissions).
 * Opt-in connectors: `safe=1` the Safe connector (the demo opened as a Safe app inside Safe{Wallet}
 * connects to the Safe), `coinbase=1` Coinbase Wallet.
 */
const TRAIL_WALLET_LOGO =
  'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0MCA0MCI+PHJlY3Qgd2lkdGg9IjQwIiBoZWlnaHQ9IjQwIiByeD0iMTAiIGZpbGw9IiMyZjZmNGYiLz48cGF0aCBkPSJNOCAzMCBMMjAgMTAgTDMyIDMwIFoiIGZpbGw9IiNmZmYiLz48L3N2Zz4=';

/** The site's own wallet (SPEC §9 "custom"): the demo's web wallet, reached over WalletConnect. */
const TRAIL_WALLET = () => ({
  id: 'org.trailhead.wallet',
  name: 'Trail Wallet',
  image_url: `data:image/svg+xml;base64,${TRAIL_WALLET_LOGO}`,
  webapp_link: `${location.origin}/wallet.html`,
  homepage: location.origin,
});

export function createDemoCairn(search: URLSearchParams, options: { solana?: boolean; polkadot?: boolean; bitcoin?: boolean } = {}) {
  // No rpcUrl: the site's server (`api` below) is these networks' RPC.
  const explorer = search.get('explorer');
  const blockExplorer = explorer && /^https?:\/\//.test(explorer) ? { blockExplorer: { name: 'Devnet Explorer', url: explorer } } : {};
  const all = __DEMO_CONFIG__.chains.map((chain) => defineEvmNetwork({ id: chain.chainId, name: chain.name, testnet: true, ...blockExplorer }));
  const wanted = search.get('networks')?.split(',').map(Number);
  const picked = wanted ? all.filter((network) => wanted.includes(Number(network.id))) : all;
  const withSolana = search.get('solana') === '1' || options.solana === true;
  const solana = defineSolanaNetwork({ id: 'localnet', name: 'Solana Local', rpcUrl: __DEMO_CONFIG__.solanaRpcUrl, testnet: true });
  const withPolkadot = search.get('polkadot') === '1' || options.polkadot === true;
  // Chopsticks gives the local chain a fixed genesis hash (0x4545…): polkadot:4545…45.
  const polkadot = definePolkadotNetwork({
    id: '45'.repeat(16),
    name: 'Polkadot Local',
    rpcUrl: __DEMO_CONFIG__.polkadotRpcUrl,
    nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
    testnet: true,
  });
  const withBitcoin = search.get('bitcoin') === '1' || options.bitcoin === true;
  const bitcoin = defineBitcoinNetwork({ network: 'regtest', name: 'Bitcoin Local', esploraUrl: __DEMO_CONFIG__.bitcoinEsploraUrl });
  const networks = [
    ...(picked.length > 0 ? picked : all),
    ...(withSolana ? [solana] : []),
    ...(withPolkadot ? [polkadot] : []),
    ...(withBitcoin ? [bitcoin] : []),
  ] as [CaipNetwork, ...CaipNetwork[]];
  const theme = search.get('theme');
  const themeMode: ThemeMode = theme === 'light' || theme === 'dark' ? theme : 'system';
  const siwx = search.get('siwx');
  const frameTimeout = Number(search.get('frameTimeout'));
  const frameTimeouts = Number.isSafeInteger(frameTimeout) && frameTimeout > 0 && frameTimeout <= 3_600_000 ? { timeouts: { connect: frameTimeout } } : {};
  return createCairn({
    networks,
    adapters: [
      createEvmAdapter({
        connectors: [
          ...(search.get('safe') === '1' ? [safe()] : []),
          ...(search.get('coinbase') === '1' ? [coinbaseWallet({ appName: 'Trailhead', chainIds: all.map((network) => Number(network.id)) })] : []),
        ],
      }),
      ...(withSolana ? [createSolanaAdapter()] : []),
      ...(withPolkadot ? [createPolkadotAdapter({ appName: 'Trailhead' })] : []),
      ...(withBitcoin ? [createBitcoinAdapter()] : []),
    ],
    metadata: { name: 'Trailhead', description: 'Trail maps, on chain', url: location.origin },
    themeMode,
    // The local stack's own server: balances with on-chain USD prices, tokens and names.
    api: { url: __DEMO_CONFIG__.serverUrl, projectId: 'cairn-local' },
    // The local server swaps through the devnet's AMM on both chains.
    swapNetworks: all.map((network) => network.caipNetworkId),
    // WalletConnect through the local server's relay: phone wallets, or the demo's own web wallet at /wallet.html.
    // (Wallets from app stores use WalletConnect's public relay instead; see the README.)
    walletConnect: walletConnect({
      projectId: 'cairn-local',
      relayUrl: `${__DEMO_CONFIG__.serverUrl.replace(/^http/, 'ws')}/relay`,
      basic: search.get('wc') === 'basic',
    }),
    // E-mail and social login through the local secure frame (`login=0` leaves it out).
    ...(search.get('login') === '0' ? {} : { embeddedWallet: embeddedWallet({ frameUrl: __DEMO_CONFIG__.frameUrl, ...frameTimeouts }) }),
    // The local stack's OpenID Connect provider stands in for Google and GitHub; its server is Farcaster's relay.
    features: {
      socials: ['google', 'github', 'farcaster'],
      legalCheckbox: search.get('legal') === '1',
      collapseWallets: search.get('collapse') === '1',
      analytics: search.get('analytics') !== '0',
      smartSessions: search.get('sessions') === '1',
    },
    termsConditionsUrl: `${location.origin}/terms.html`,
    privacyPolicyUrl: `${location.origin}/privacy.html`,
    ...(search.get('custom') === '1' ? { customWallets: [TRAIL_WALLET()] } : {}),
    ...(siwx === 'required' || siwx === 'optional'
      ? { siwx: { required: siwx === 'required', statement: 'Sign in to Trailhead to keep your trail log.' } }
      : {}),
    onEvent: (event) => {
      (window as { cairnEvents?: unknown[] }).cairnEvents ??= [];
      (window as unknown as { cairnEvents: unknown[] }).cairnEvents.push(event);
    },
  });
}
