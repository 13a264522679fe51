export interface EvmAdapterOptions {
  /** The window to discover wallets in; the global one by default. */
  window?: Window;
}
