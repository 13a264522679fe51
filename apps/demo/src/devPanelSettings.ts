// The demo's dev panel settings, kept in localStorage so a reload injects the wallets again.
export interface DevPanelSettings {
  injectWallet: boolean;
  injectSecondWallet: boolean;
  /** Expose the first wallet only as window.ethereum, without an EIP-6963 announcement. */
  legacyInjectedOnly: boolean;
  /** Solana beside EVM: the local Solana chain among the networks, and the Wallet Standard test wallet. */
  solana: boolean;
  /** Polkadot beside EVM: the local Polkadot chain among the networks, and the injected test extension. */
  polkadot: boolean;
  /** Bitcoin beside EVM: the local regtest chain among the networks, and the WBIP004 + Wallet Standard test wallet. */
  bitcoin: boolean;
}

const KEY = 'cairn-demo:dev-panel';
const DEFAULTS: DevPanelSettings = { injectWallet: false, injectSecondWallet: false, legacyInjectedOnly: false, solana: false, polkadot: false, bitcoin: false };

export function readDevPanelSettings(): DevPanelSettings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return DEFAULTS;
    const value = parsed as Record<string, unknown>;
    return {
      injectWallet: value.injectWallet === true,
      injectSecondWallet: value.injectSecondWallet === true,
      legacyInjectedOnly: value.legacyInjectedOnly === true,
      solana: value.solana === true,
      polkadot: value.polkadot === true,
      bitcoin: value.bitcoin === true,
    };
  } catch {
    return DEFAULTS;
  }
}

export function writeDevPanelSettings(settings: DevPanelSettings): void {
  localStorage.setItem(KEY, JSON.stringify(settings));
}
