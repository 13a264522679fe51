/** The part of a Wallet Standard registry (`getWallets()` of @wallet-standard/app) a watcher needs. */
export interface WalletRegistryEvents {
  on(event: 'register' | 'unregister', listener: () => void): () => void;
}

/**
 * Follows wallets registering and leaving (the Wallet Standard's discovery, shared by the solana and
 * bip122 adapters): `onChange` runs now and on each change; returns the stop.
 */
export function watchWalletRegistry(registry: WalletRegistryEvents, onChange: () => void): () => void {
  const offRegister = registry.on('register', onChange);
  const offUnregister = registry.on('unregister', onChange);
  onChange();
  return () => {
    offRegister();
    offUnregister();
  };
}
