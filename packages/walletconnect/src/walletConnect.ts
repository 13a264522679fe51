import type { CairnMetadata, WalletConnectClientParams, WalletConnectPlugin } from '@cairn/core';

export interface WalletConnectOptions {
  /**
   * The id the relay knows the site by. WalletConnect's public relay (which wallets from app stores
   * use) wants one from WalletConnect's cloud; a self-hosted relay takes whatever it is set up for.
   */
  projectId: string;
  /**
   * The relay's websocket URL; WalletConnect's public relay when absent. Only wallets configured
   * for the same relay can pair through it: a pairing URI names a relay protocol, not a URL.
   */
  relayUrl?: string;
  /** What the wallet shows about the site; the site's `metadata` when absent. */
  metadata?: CairnMetadata;
  /** Send WalletConnect's usage events to its cloud (default false: nothing leaves the page). */
  telemetry?: boolean;
  /**
   * WalletConnect's cloud Verify API, which attests the site's domain to wallets through an iframe
   * from verify.walletconnect.org (default false; it exists only with WalletConnect's own relay).
   */
  verify?: boolean;
  /**
   * Basic mode (SPEC §2 ConnectingWalletConnectBasic): the modal opens on the QR code alone, with
   * no catalogue, and the UnsupportedChain rule does not apply to such a connection.
   */
  basic?: boolean;
}

const PROJECT_ID = /^[\w.-]{1,128}$/;

/**
 * WalletConnect for `createCairn({ walletConnect: walletConnect({ projectId }) })`. This module is
 * small: the protocol code (universal-provider) is fetched by `createClient`, when a visitor picks
 * WalletConnect or comes back to a WalletConnect session.
 */
export function walletConnect(options: WalletConnectOptions): WalletConnectPlugin {
  if (typeof options !== 'object' || options === null) throw new TypeError('walletConnect: pass { projectId }');
  const { projectId, relayUrl, metadata } = options;
  if (typeof projectId !== 'string' || !PROJECT_ID.test(projectId)) {
    throw new TypeError('walletConnect: `projectId` must be the id your relay knows the site by (letters, digits, ".", "_" or "-")');
  }
  if (relayUrl !== undefined && (typeof relayUrl !== 'string' || !/^wss?:\/\/[^\s]+$/.test(relayUrl))) {
    throw new TypeError('walletConnect: `relayUrl` must be a ws:// or wss:// URL');
  }
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || typeof metadata.name !== 'string' || metadata.name === '')) {
    throw new TypeError('walletConnect: `metadata` needs a `name`, shown in the wallet');
  }
  for (const flag of ['telemetry', 'verify', 'basic'] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== 'boolean') throw new TypeError(`walletConnect: \`${flag}\` must be true or false`);
  }
  const settings = {
    projectId,
    ...(relayUrl !== undefined ? { relayUrl } : {}),
    telemetry: options.telemetry === true,
    verify: options.verify === true,
  };
  return {
    kind: 'walletConnect',
    ...settings,
    ...(metadata !== undefined ? { metadata } : {}),
    basic: options.basic === true,
    async createClient(params: WalletConnectClientParams) {
      const { createWalletConnectClient } = await import('./createWalletConnectClient.ts');
      return createWalletConnectClient({ ...settings, metadata: params.metadata, rpcMap: params.rpcMap });
    },
  };
}
