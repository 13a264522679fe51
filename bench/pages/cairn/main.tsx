import { createCairn } from '@cairn/core';
import { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';
import { CairnProvider, ConnectButton } from '@cairn/react';
import { createRoot } from 'react-dom/client';

const cairn = createCairn({
  networks: [defineEvmNetwork({ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545', testnet: true })],
  adapters: [createEvmAdapter()],
  metadata: { name: 'Cairn bench', url: location.origin },
});

createRoot(document.getElementById('root')!).render(
  <CairnProvider cairn={cairn}>
    <ConnectButton />
  </CairnProvider>,
);
