import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { cookieToInitialState } from '@cairn/core';
import { Providers } from './providers';

export const metadata = { title: 'Next.js with Cairn' };

// The devnet `npm start` runs; a real site puts its own RPC URL here.
const rpcUrl = () => process.env.CAIRN_RPC_URL ?? 'http://127.0.0.1:8545';

export default async function RootLayout({ children }: { children: ReactNode }) {
  // A returning visitor's connection, from the cookies cookieStorage() wrote: rendered on the
  // server, and handed to the client so its first render is the same.
  const initialState = cookieToInitialState((await headers()).get('cookie'));
  return (
    <html lang="en">
      <body>
        <Providers rpcUrl={rpcUrl()} initialState={initialState}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
