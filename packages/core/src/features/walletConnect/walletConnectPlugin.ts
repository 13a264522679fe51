import type { CairnMetadata } from '../../options.ts';
import type { WalletConnectClient } from './walletConnectClient.ts';

/** What only the core knows when a WalletConnect client starts. */
export interface WalletConnectClientParams {
  /** What the wallet shows about the site: the plugin's metadata, else the site's. */
  metadata: CairnMetadata;
  /** An HTTP RPC URL per CAIP-2 chain, from the site's networks: reads never go to WalletConnect's nodes. */
  rpcMap: Readonly<Record<string, string>>;
}

/**
 * WalletConnect as the site passes it in: `walletConnect({ projectId })` from @cairn/walletconnect.
 * The core never imports that package; `createClient` fetches its protocol code only when a
 * visitor picks WalletConnect or comes back to a WalletConnect session.
 */
export interface WalletConnectPlugin {
  readonly kind: 'walletConnect';
  /** The id the relay knows the site by (WalletConnect's cloud issues it for its public relay). */
  readonly projectId: string;
  /** The relay's websocket URL; WalletConnect's public relay when absent. */
  readonly relayUrl?: string;
  /** What the wallet shows about the site; the site's `metadata` when absent. */
  readonly metadata?: CairnMetadata;
  /** WalletConnect's usage events to its cloud (off unless the site opts in). */
  readonly telemetry: boolean;
  /** WalletConnect's cloud Verify API (off unless the site opts in). */
  readonly verify: boolean;
  /** Basic mode (SPEC §2 ConnectingWalletConnectBasic): the modal opens on the QR code alone. */
  readonly basic: boolean;
  createClient(params: WalletConnectClientParams): Promise<WalletConnectClient>;
}

export function isWalletConnectPlugin(value: unknown): value is WalletConnectPlugin {
  if (typeof value !== 'object' || value === null) return false;
  const plugin = value as Partial<WalletConnectPlugin>;
  return plugin.kind === 'walletConnect' && typeof plugin.projectId === 'string' && typeof plugin.createClient === 'function';
}
