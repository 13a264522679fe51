import type { Hex } from 'viem';

/** EIP-6963 provider info. uuid is generated per page when not given. */
export type TestWalletInfo = { uuid?: string; name: string; icon: string; rdns: string };

export type RequestArguments = { method: string; params?: readonly unknown[] | object };

export type ProviderEvent = 'connect' | 'disconnect' | 'chainChanged' | 'accountsChanged' | 'message';
export type ProviderListener = (payload: unknown) => void;

/** The EIP-1193 surface a dapp sees. */
export type Eip1193Provider = {
  request(args: RequestArguments): Promise<unknown>;
  on(event: ProviderEvent, listener: ProviderListener): Eip1193Provider;
  removeListener(event: ProviderEvent, listener: ProviderListener): Eip1193Provider;
};

/** Where the "this site is connected" flag lives; localStorage in a browser. */
export type AuthorizationStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type TestWalletProviderOptions = {
  privateKey: Hex;
  /** chainId -> RPC URL of every chain the wallet knows. */
  chains: Record<number, string>;
  chainId: number;
  info: TestWalletInfo;
  /** Defaults to globalThis.localStorage when there is one; otherwise authorization lasts for the page. */
  storage?: AuthorizationStorage;
  /**
   * Act as the ERC-1271 smart account at this address, owned by `privateKey`: the site sees the
   * account's address and messages are signed by the owner key, which the contract accepts.
   */
  smartAccount?: Hex;
};

/** Test-only controls beside the EIP-1193 surface: what a user would do in the extension. */
export type TestWalletControls = {
  /**
   * The next request that would show a prompt (eth_requestAccounts, wallet_requestPermissions,
   * personal_sign, eth_signTypedData_v4, eth_sendTransaction, wallet_switchEthereumChain,
   * wallet_addEthereumChain) fails with 4001. Calls add up: twice rejects the next two.
   */
  rejectNext(): void;
  /** The next call of `method` fails with this error (default -32603 'Internal error'). */
  failNext(method: string, code?: number, message?: string): void;
  /** Switch account; accountsChanged is emitted when the site is authorized. */
  setAccount(privateKey: Hex): void;
  /** Switch chain from the wallet side; emits chainChanged, even to a chain without an RPC URL. */
  setChain(chainId: number): void;
  /** Emits disconnect (4900) and clears the site's authorization. */
  disconnect(): void;
  /** Clears the site's authorization (like removing it in the wallet); emits accountsChanged([]). */
  revoke(): void;
  getState(): { address: Hex; chainId: number; authorized: boolean };
};

export type TestWalletProvider = Eip1193Provider & TestWalletControls & { readonly isCairnTestWallet: true; readonly info: Required<TestWalletInfo> };
