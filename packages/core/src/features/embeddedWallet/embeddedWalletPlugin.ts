import type { SupportedLocale } from '../../i18n/locales.ts';
import type { RemoteProvider } from '../../types.ts';
import type { FramePromptKind } from './framePromptKind.ts';
import type { SocialLoginProvider as SocialProvider } from '../../rules/socialLogin.ts';

/** SPEC §3: the frame user (the logged-in wallet as the secure frame reports it). */
export interface FrameUser {
  email?: string;
  address: string;
  chainId: number;
  /** The frame's accounts; one of another namespace than the EVM address (its Solana account) names it. */
  accounts: readonly { address: string; type: 'eoa' | 'smartAccount'; namespace?: 'eip155' | 'solana'; publicKey?: string; path?: string }[];
  smartAccountDeployed: boolean;
  preferredAccountType: 'eoa' | 'smartAccount';
  userName?: string;
}

/** Where the widget shows the frame's own screen (an approval, a recovery code), in viewport pixels. */
export interface FramePlacement {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * The secure frame as the core sees it (SPEC §4, §7): a log-in by e-mail code or social account,
 * then an EIP-1193 provider whose signing the frame asks the user to approve on its own screen.
 */
export interface EmbeddedWalletClient {
  /** Sends a one-time code to `email`; VERIFY_DEVICE asks to confirm the device first. */
  connectEmail(email: string): Promise<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }>;
  connectDevice(): Promise<void>;
  connectOtp(otp: string): Promise<void>;
  /** The provider's sign-in page for a popup the widget opened. */
  socialRedirectUri(provider: SocialProvider): Promise<string>;
  /** Waits for the popup's sign-in to finish; resolves with the user. */
  connectSocial(provider: SocialProvider): Promise<FrameUser>;
  /** Sign In With Farcaster (issue 27): the link for the visitor's Farcaster app (QR code), then the wait for its signature. */
  farcasterUri?(): Promise<string>;
  connectFarcaster?(): Promise<FrameUser>;
  getUser(params: { chainId?: number }): Promise<FrameUser>;
  /** SPEC §4: clears the remembered login when the frame is not connected. */
  isConnected(): Promise<boolean>;
  signOut(): Promise<void>;
  /** The wallet's calls (EIP-1193) for the EVM adapter; signing waits for the user's approval in the frame. */
  provider(): RemoteProvider;
  /** Told when the frame's own screen opens or closes, and what it asks; returns an unsubscribe. */
  onPrompt(listener: (open: boolean, kind: FramePromptKind) => void): () => void;
  /** Puts the frame over the widget's approval view, or hides it (undefined). */
  placeFrame(placement: FramePlacement | undefined): void;
  syncTheme(themeMode: 'light' | 'dark'): Promise<void>;
  /** SPEC §4 SET_PREFERRED_ACCOUNT: the smart account or the EOA acts from now on (where the network enables smart accounts). */
  setPreferredAccount?(type: 'eoa' | 'smartAccount'): Promise<{ type: 'eoa' | 'smartAccount'; address: string }>;
  /** SPEC §7: the networks (chain ids) where the wallet has a smart account. */
  smartAccountEnabledNetworks?(): Promise<readonly number[]>;
  /** The user takes the key out: the frame asks for the recovery factor and shows the phrase on its own screen. */
  exportWallet(): Promise<void>;
  /** The wallet's devices on the frame's own screen (MANAGE_DEVICES, Cairn's own); resolves when the visitor closes it. */
  manageDevices(): Promise<void>;
  /** SPEC §4 e-mail update, first step: a code goes to the current address. */
  updateEmail(email: string): Promise<void>;
  /** The code from the current address: a code goes to the new one. */
  updateEmailPrimaryOtp(otp: string): Promise<void>;
  /** The code from the new address: the frame stores it; resolves with the new address. */
  updateEmailSecondaryOtp(otp: string): Promise<string>;
}

/**
 * E-mail and social login as the site passes it in: `embeddedWallet({ frameUrl })` from
 * @cairn/frame. The core never imports that package; `createClient` loads the frame client only
 * when a visitor logs in this way or comes back to such a login.
 */
export interface EmbeddedWalletPlugin {
  readonly kind: 'embeddedWallet';
  /** The secure frame page, on an origin of its own. */
  readonly frameUrl: string;
  /** `locale`: the widget's language, which the frame's own screens show too (issue 27). */
  createClient(params: { projectId?: string; metadata: { name: string; url: string }; locale?: SupportedLocale }): Promise<EmbeddedWalletClient>;
}

export function isEmbeddedWalletPlugin(value: unknown): value is EmbeddedWalletPlugin {
  if (typeof value !== 'object' || value === null) return false;
  const plugin = value as Partial<EmbeddedWalletPlugin>;
  return plugin.kind === 'embeddedWallet' && typeof plugin.frameUrl === 'string' && typeof plugin.createClient === 'function';
}
