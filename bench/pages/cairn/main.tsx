import { createCairn } from '@cairn/core';
import { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';
import { CairnProvider, ConnectButton } from '@cairn/react';
import { walletConnect } from '@cairn/walletconnect';
import { createRoot } from 'react-dom/client';

const cairn = createCairn({
  networks: [defineEvmNetwork({ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545', testnet: true })],
  adapters: [createEvmAdapter()],
  metadata: { name: 'Cairn bench', url: location.origin },
  // As the anchors' pages have it: WalletConnect offered (its code loads only when picked).
  walletConnect: walletConnect({ projectId: 'cairn-bench', relayUrl: 'ws://127.0.0.1:8787/relay' }),
});

createRoot(document.getElementById('root')!).render(
  <CairnProvider cairn={cairn}>
    <ConnectButton />
  </CairnProvider>,
);
