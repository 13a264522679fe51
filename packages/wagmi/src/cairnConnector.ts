import { getCairnProvider, type Cairn, type CairnEip1193Provider } from '@cairn/core';
import { getAddress, type Address } from 'viem';
import { createConnector } from 'wagmi';

export interface CairnConnectorOptions {
  /** Shown by wagmi-based UIs that list connectors. Default 'Cairn'. */
  name?: string;
}

const hexChainId = (chainId: number) => `0x${chainId.toString(16)}`;

/**
 * A wagmi connector whose wallet is whatever the visitor connects in Cairn's modal: wagmi's
 * `connect` opens the modal; a connection, account or network change made in the modal (or by
 * the wallet) reaches wagmi's state; wagmi's `disconnect` and `switchChain` go through Cairn.
 */
export function cairnConnector(cairn: Cairn, options: CairnConnectorOptions = {}) {
  let provider: CairnEip1193Provider | undefined;
  const connected = () => cairn.stores.account('eip155').get().status === 'connected';
  const accountsNow = (): readonly Address[] => {
    const { status, address } = cairn.stores.account('eip155').get();
    return status === 'connected' && address ? [getAddress(address)] : [];
  };
  const chainIdNow = () => Number(cairn.stores.network.get().activeCaipNetworkId.split(':')[1]);

  return createConnector<CairnEip1193Provider>((config) => {
    const onAccountsChanged = (accounts: string[]) => {
      if (accounts.length === 0) config.emitter.emit('disconnect');
      else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) });
    };
    const onChainChanged = (chainId: string) => config.emitter.emit('change', { chainId: Number(chainId) });
    const onConnect = () => config.emitter.emit('connect', { accounts: accountsNow(), chainId: chainIdNow() });
    const onDisconnect = () => config.emitter.emit('disconnect');

    return {
      id: 'cairn',
      name: options.name ?? 'Cairn',
      type: 'cairn',
      async setup() {
        provider = getCairnProvider(cairn);
        // A connection made in Cairn's own modal, not through wagmi's connect, reaches wagmi too.
        provider.on('connect', onConnect);
        provider.on('accountsChanged', onAccountsChanged);
        provider.on('chainChanged', onChainChanged);
        provider.on('disconnect', onDisconnect);
      },
      async connect(parameters = {}) {
        if (parameters.isReconnecting) {
          await cairn.ready;
          if (!connected()) throw new Error('Cairn has no connection to restore');
        } else if (!connected()) {
          await (await this.getProvider()).request({ method: 'eth_requestAccounts' });
        }
        if (parameters.chainId !== undefined && parameters.chainId !== chainIdNow()) await this.switchChain!({ chainId: parameters.chainId });
        const accounts = accountsNow();
        const result = parameters.withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts;
        // wagmi 2 and 3 type `accounts` by `withCapabilities`; the value above follows it.
        return { accounts: result as never, chainId: chainIdNow() };
      },
      async disconnect() {
        await cairn.disconnect();
      },
      async getAccounts() {
        return accountsNow();
      },
      async getChainId() {
        return chainIdNow();
      },
      async getProvider() {
        provider ??= getCairnProvider(cairn);
        return provider;
      },
      async isAuthorized() {
        await cairn.ready;
        return connected();
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId);
        if (!chain) throw new Error(`Chain ${chainId} is not configured in wagmi`);
        await (await this.getProvider()).request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexChainId(chainId) }] });
        return chain;
      },
      onAccountsChanged,
      onChainChanged,
      onConnect,
      onDisconnect,
    };
  });
}
