import { useId } from 'react';
import { devnetAccounts } from './devnetAccounts.ts';
import type { WalletChain } from './performRequest.ts';

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** The account and network the wallet is on; changing either tells every connected site. */
export function AccountSwitcher({
  accountIndex,
  chainId,
  chains,
  disabled,
  onAccount,
  onChain,
}: {
  accountIndex: number;
  chainId: number;
  chains: readonly WalletChain[];
  disabled: boolean;
  onAccount(index: number): void;
  onChain(chainId: number): void;
}) {
  const accounts = devnetAccounts();
  const accountSelect = useId();
  const networkSelect = useId();
  return (
    <section className="wallet-card switcher" aria-label="Account and network">
      <div className="field">
        <label htmlFor={accountSelect}>Account</label>
        <select id={accountSelect} value={accountIndex} disabled={disabled} onChange={(event) => onAccount(Number(event.target.value))}>
          {accounts.map((account, index) => (
            <option key={account.address} value={index}>
              Devnet account {index} · {short(account.address)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={networkSelect}>Network</label>
        <select id={networkSelect} value={chainId} disabled={disabled} onChange={(event) => onChain(Number(event.target.value))}>
          {chains.map((chain) => (
            <option key={chain.chainId} value={chain.chainId}>
              {chain.name} ({chain.chainId})
            </option>
          ))}
        </select>
      </div>
      <p className="address" data-testid="wallet-address">
        {accounts[accountIndex]!.address}
      </p>
    </section>
  );
}
