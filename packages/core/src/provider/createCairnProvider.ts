import type { Cairn } from '../createCairn.ts';
import { USER_REJECTED_CODE } from '../errors.ts';
import { ofNamespace } from '../namespaces.ts';
import type { CaipNetwork } from '../types.ts';

/** EIP-1193's events, as this provider emits them. */
export interface CairnProviderEvents {
  connect: (info: { chainId: `0x${string}` }) => void;
  disconnect: (error: ProviderRpcError) => void;
  accountsChanged: (accounts: `0x${string}`[]) => void;
  chainChanged: (chainId: `0x${string}`) => void;
}
type EventName = keyof CairnProviderEvents;

/** EIP-1193: an EVM provider; what viem's `custom()`, ethers' BrowserProvider and wagmi take. */
export interface CairnEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on<E extends EventName>(event: E, listener: CairnProviderEvents[E]): CairnEip1193Provider;
  removeListener<E extends EventName>(event: E, listener: CairnProviderEvents[E]): CairnEip1193Provider;
  /** Stops following the instance's stores. */
  destroy(): void;
}

/** EIP-1193 §"Provider Errors". */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRpcError';
  }
}

// EIP-1193 and EIP-3326 codes.
const DISCONNECTED = 4900;
const UNRECOGNIZED_CHAIN = 4902;

const toHex = (id: number): `0x${string}` => `0x${id.toString(16)}`;

function readSwitchChainId(params: unknown): number {
  const [first] = Array.isArray(params) ? params : [];
  const chainId = typeof first === 'object' && first !== null ? (first as { chainId?: unknown }).chainId : undefined;
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId)) {
    throw new ProviderRpcError(-32602, 'wallet_switchEthereumChain: params must be [{ chainId: "0x…" }]');
  }
  return Number.parseInt(chainId, 16);
}

/**
 * The visitor's connected EVM wallet behind Cairn, as one EIP-1193 provider that outlives any one
 * wallet: `eth_requestAccounts` opens the modal, a network switch goes through Cairn (so the
 * modal and the site agree), events follow Cairn's stores, everything else goes to the wallet.
 */
export function createCairnProvider(cairn: Cairn): CairnEip1193Provider {
  type AnyListener = (...args: unknown[]) => void;
  const listeners = new Map<EventName, Set<AnyListener>>();
  const emit = <E extends EventName>(event: E, ...args: Parameters<CairnProviderEvents[E]>) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        console.error(`[cairn] a ${event} listener threw`, error);
      }
    }
  };
  const account = () => cairn.stores.account('eip155').get();
  const evmNetworks = () => ofNamespace(cairn.options.networks, 'eip155');
  const activeNetwork = (): CaipNetwork | undefined => {
    const { activeCaipNetworkId } = cairn.stores.network.get();
    return evmNetworks().find((network) => network.caipNetworkId === activeCaipNetworkId);
  };
  const chainIdOf = () => {
    const id = Number(cairn.stores.network.get().activeCaipNetworkId.split(':')[1]);
    return Number.isSafeInteger(id) ? toHex(id) : undefined;
  };
  const accounts = (): `0x${string}`[] => {
    const { status, address } = account();
    return status === 'connected' && address ? [address as `0x${string}`] : [];
  };

  /** Opens the modal; resolves with the accounts once connected, rejects with 4001 if the visitor closes it first. */
  const requestAccounts = () =>
    new Promise<`0x${string}`[]>((resolve, reject) => {
      if (accounts().length > 0) return resolve(accounts());
      cairn.open();
      const stop = () => {
        unsubscribeAccount();
        unsubscribeModal();
      };
      const unsubscribeAccount = cairn.stores.account('eip155').subscribe(() => {
        if (accounts().length === 0) return;
        stop();
        resolve(accounts());
      });
      const unsubscribeModal = cairn.stores.modal.subscribe(() => {
        if (cairn.stores.modal.get().open || accounts().length > 0) return;
        stop();
        reject(new ProviderRpcError(USER_REJECTED_CODE, 'The visitor closed the wallet modal'));
      });
    });

  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    if (typeof method !== 'string' || method.length === 0) throw new ProviderRpcError(-32602, 'request: `method` must be a JSON-RPC method name');
    switch (method) {
      case 'eth_accounts':
        return accounts();
      case 'eth_chainId':
        return chainIdOf();
      case 'eth_requestAccounts':
        return requestAccounts();
      case 'wallet_switchEthereumChain': {
        const chainId = readSwitchChainId(params);
        const network = evmNetworks().find((candidate) => candidate.id === chainId);
        if (!network) throw new ProviderRpcError(UNRECOGNIZED_CHAIN, `Chain ${chainId} is not one of the site's networks`);
        if (accounts().length === 0) throw new ProviderRpcError(DISCONNECTED, 'No wallet is connected');
        if (!(await cairn.switchNetwork(network))) throw new ProviderRpcError(USER_REJECTED_CODE, cairn.stores.network.get().switchError ?? 'The wallet did not switch');
        return null;
      }
      default:
        if (accounts().length === 0) throw new ProviderRpcError(DISCONNECTED, 'No wallet is connected');
        return cairn.request({ method, params } as never);
    }
  };

  // Events follow the stores: what the site sees is what the modal shows.
  let lastAccounts = accounts().join();
  let lastChainId = chainIdOf();
  let wasConnected = accounts().length > 0;
  const follow = () => {
    const nowAccounts = accounts();
    const connected = nowAccounts.length > 0;
    const chainId = chainIdOf();
    if (connected && !wasConnected && chainId) emit('connect', { chainId });
    if (nowAccounts.join() !== lastAccounts) emit('accountsChanged', nowAccounts);
    if (chainId && chainId !== lastChainId && activeNetwork() !== undefined) emit('chainChanged', chainId);
    if (!connected && wasConnected) emit('disconnect', new ProviderRpcError(DISCONNECTED, 'The wallet disconnected'));
    lastAccounts = nowAccounts.join();
    if (activeNetwork() !== undefined || chainId !== lastChainId) lastChainId = chainId;
    wasConnected = connected;
  };
  const unsubscribes = [cairn.stores.account('eip155').subscribe(follow), cairn.stores.network.subscribe(follow)];

  const provider: CairnEip1193Provider = {
    request,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener as AnyListener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as AnyListener);
      return provider;
    },
    destroy: () => unsubscribes.forEach((unsubscribe) => unsubscribe()),
  };
  return provider;
}

const providers = new WeakMap<Cairn, CairnEip1193Provider>();

/** The instance's one shared provider, made on first use and kept for the instance's life. */
export function getCairnProvider(cairn: Cairn): CairnEip1193Provider {
  let provider = providers.get(cairn);
  if (!provider) {
    provider = createCairnProvider(cairn);
    providers.set(cairn, provider);
  }
  return provider;
}
