import { useEffect, useState, type ReactNode } from 'react';
import { accountDisplayName, formatBalance } from '@cairn/core/rules';
import { useCairnInstance } from '../context.ts';
import { useActiveAccount } from '../hooks/useActiveAccount.ts';
import { useCairnNetwork } from '../hooks/useCairnNetwork.ts';
import { useStoreState } from '../hooks/useStoreState.ts';

/** What `ConnectButton.Custom` hands its render function, as RainbowKit users know it. */
export interface ConnectButtonRenderProps {
  /** False on the server and in the client's first render: render a placeholder until then, so hydration matches. */
  mounted: boolean;
  account?: {
    address: string;
    /** The name when it has one, else the shortened address. */
    displayName: string;
    /** "1.250 ETH", when known. */
    displayBalance?: string;
    ensName?: string;
    ensAvatar?: string;
  };
  chain?: {
    id: number | string;
    name?: string;
    /** The wallet is on a network the site did not ask for. */
    unsupported: boolean;
  };
  /** 'loading' while a sign-in is under way, 'authenticated' with a session, else 'unauthenticated'; undefined without sign-in. */
  authenticationStatus?: 'loading' | 'unauthenticated' | 'authenticated';
  openConnectModal(): void;
  openAccountModal(): void;
  openChainModal(): void;
}

/** Renders the site's own button with the connection's state and the modal's doors. */
export function ConnectButtonCustom({ children }: { children: (props: ConnectButtonRenderProps) => ReactNode }) {
  const cairn = useCairnInstance('ConnectButton.Custom');
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const account = useActiveAccount(cairn);
  const { network, chainId } = useCairnNetwork();
  const siwx = useStoreState(cairn.stores.siwx);
  const connected = mounted && account.status === 'connected' && account.address !== undefined;
  const balance = formatBalance(account.balance, account.balanceSymbol);
  const props: ConnectButtonRenderProps = {
    mounted,
    ...(connected
      ? {
          account: {
            address: account.address!,
            displayName: accountDisplayName({ address: account.address!, profileName: account.profileName }),
            ...(balance ? { displayBalance: balance } : {}),
            ...(account.profileName ? { ensName: account.profileName } : {}),
            ...(account.profileImage ? { ensAvatar: account.profileImage } : {}),
          },
          chain: { id: chainId, ...(network ? { name: network.name } : {}), unsupported: network === undefined },
        }
      : {}),
    ...(cairn.options.siwx
      ? { authenticationStatus: siwx.status === 'signing' ? 'loading' : siwx.session ? 'authenticated' : 'unauthenticated' }
      : {}),
    openConnectModal: () => cairn.open(),
    openAccountModal: () => cairn.open(),
    openChainModal: () => cairn.open({ view: 'Networks' }),
  };
  return <>{children(props)}</>;
}
