'use client';

import { useState, type ReactNode } from 'react';
import { cookieStorage, createCairn, type CairnInitialState } from '@cairn/core';
import { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';
import { CairnProvider } from '@cairn/react';

/** One Cairn per page load in the browser, and one per request on the server. */
export function Providers({ rpcUrl, initialState, children }: { rpcUrl: string; initialState: CairnInitialState | undefined; children: ReactNode }) {
  const [cairn] = useState(() =>
    createCairn({
      networks: [defineEvmNetwork({ id: 31337, name: 'Cairn Devnet', rpcUrl })],
      adapters: [createEvmAdapter()],
      metadata: { name: 'Next.js with Cairn', url: 'http://127.0.0.1:3000' },
      storage: cookieStorage(),
      ...(initialState ? { initialState } : {}),
    }),
  );
  return <CairnProvider cairn={cairn}>{children}</CairnProvider>;
}
