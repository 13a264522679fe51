'use client';

import { ConnectButton, useCairnAccount } from '@cairn/react';

export function Header() {
  const { status, address } = useCairnAccount();
  return (
    <header>
      <ConnectButton />
      <p data-testid="account">{address ? `${status} ${address}` : status}</p>
    </header>
  );
}
