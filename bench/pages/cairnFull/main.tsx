import { createBitcoinAdapter, defineBitcoinNetwork } from '@cairn/bitcoin';
import { createCairn } from '@cairn/core';
import { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';
import { CairnProvider, ConnectButton } from '@cairn/react';
import { createSolanaAdapter, defineSolanaNetwork } from '@cairn/solana';
import { createPolkadotAdapter, definePolkadotNetwork } from '@cairn/polkadot';
import { walletConnect } from '@cairn/walletconnect';
import { createRoot } from 'react-dom/client';

// The "everything on" page (issue 13): every feature switch of SPEC §9 on, the site's server,
// sign-in and WalletConnect configured, and Solana, Polkadot and Bitcoin beside EVM (issue 15). Later features must keep its JS before the click within
// 110 kB gzip (bench/sizeBudget.ts).
const cairn = createCairn({
  networks: [
    defineEvmNetwork({ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545', testnet: true }),
    defineEvmNetwork({ id: 31338, name: 'Anvil 2', rpcUrl: 'http://127.0.0.1:8546', testnet: true }),
    defineSolanaNetwork({ id: 'localnet', name: 'Solana Local', rpcUrl: 'http://127.0.0.1:8899', testnet: true }),
    definePolkadotNetwork({
      id: '45'.repeat(16),
      name: 'Polkadot Local',
      rpcUrl: 'ws://127.0.0.1:9944',
      nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
      testnet: true,
    }),
    defineBitcoinNetwork({ network: 'regtest', name: 'Bitcoin Local', esploraUrl: 'http://127.0.0.1:3002' }),
  ],
  adapters: [createEvmAdapter(), createSolanaAdapter(), createPolkadotAdapter(), createBitcoinAdapter()],
  metadata: { name: 'Cairn bench', url: location.origin },
  // The legal checkbox links them (features.legalCheckbox).
  termsConditionsUrl: `${location.origin}/terms`,
  privacyPolicyUrl: `${location.origin}/privacy`,
  api: { url: 'http://127.0.0.1:8787', projectId: 'cairn-bench' },
  siwx: { statement: 'Sign in to the Cairn bench' },
  walletConnect: walletConnect({ projectId: 'cairn-bench', relayUrl: 'ws://127.0.0.1:8787/relay' }),
  features: {
    networkSwitching: true,
    allWallets: true,
    onramp: true,
    swaps: true,
    receive: true,
    send: true,
    email: true,
    socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    history: true,
    analytics: true,
    legalCheckbox: true,
    smartSessions: true,
    collapseWallets: true,
  },
});

createRoot(document.getElementById('root')!).render(
  <CairnProvider cairn={cairn}>
    <ConnectButton />
  </CairnProvider>,
);
