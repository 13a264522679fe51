import type { CairnContext } from '../../context.ts';
import type { CairnFeature } from '../cairnFeature.ts';
import { withActions } from '../../loadCairnActions.ts';
import type { SocialLoginProvider } from '../../rules/socialLogin.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import { createEmbeddedLoginStore, type EmbeddedLoginStore } from './embeddedLogin.ts';
import type { EmbeddedWalletContext } from './embeddedWalletContext.ts';
import { EMBEDDED_LOGIN_NOT_CONFIGURED } from './embeddedLoginText.ts';
import type { FramePlacement } from './embeddedWalletPlugin.ts';
import { createEmbeddedWalletLoader } from './loadEmbeddedWalletClient.ts';
import { loadEmbeddedWalletFlow } from './loadEmbeddedWalletFlow.ts';
import type { SocialPopup } from './socialLogin.ts';

declare module '../featureRegistry.ts' {
  interface FeatureContext {
    /** E-mail and social login through the secure frame, when the site configures it. */
    embeddedWallet?: EmbeddedWalletContext;
    /** Opens the social login's popup, blank, in the click's task (the core's tests give their own). */
    openPopup?(): SocialPopup | undefined;
  }
  interface FeaturePublicStores {
    /** E-mail and social login (the secure frame): code sent, verifying, authenticating, the frame's own screen open. */
    embeddedLogin: EmbeddedLoginStore;
  }
  interface FeatureFacades {
    /** E-mail login: the frame e-mails a one-time code and the OTP view opens (SPEC §5: not within 30 s of the last). */
    loginWithEmail(email: string): Promise<boolean>;
    /** The code from the e-mail; the frame opens the wallet. Resolves true when connected. */
    verifyEmailOtp(otp: string): Promise<boolean>;
    /** Social login in a popup (call it from the click, so the browser lets the popup open). Resolves true when connected. */
    loginWithSocial(provider: SocialLoginProvider): Promise<boolean>;
    /** Sign In With Farcaster (SPEC §2 ConnectingFarcaster: a QR code and a link for the visitor's Farcaster app). Resolves true when connected. */
    loginWithFarcaster(): Promise<boolean>;
    /** The frame's own screens follow the modal's palette. */
    syncFrameTheme(themeMode: 'light' | 'dark'): void;
    /** The visitor takes the e-mail/social wallet's key out (the frame shows it, after the recovery factor). */
    exportEmbeddedWallet(): Promise<boolean>;
    /** The e-mail/social wallet's devices, on the frame's own screen: remove a lost one, approve a new one by its code (Cairn's own, session 21). */
    manageEmbeddedDevices(): Promise<boolean>;
    /** SPEC §4 e-mail update, from Account: the view for the new address. Resolves false unless an e-mail/social wallet is connected. */
    openEmailUpdate(): Promise<boolean>;
    /** The new address: the frame mails a code to the current one. */
    updateEmail(email: string): Promise<boolean>;
    /** The code of the update's current step (the current address's, then the new one's, which stores it). */
    verifyEmailUpdateOtp(otp: string): Promise<boolean>;
    /** The ApproveTransaction view's box on screen: the frame's own screen is shown there (undefined hides it). */
    placeFrame(placement: FramePlacement | undefined): void;
  }
  interface FeatureViews {
    EmailVerifyOtp: 'embeddedWallet';
    UpdateEmailWallet: 'embeddedWallet';
    UpdateEmailPrimaryOtp: 'embeddedWallet';
    UpdateEmailSecondaryOtp: 'embeddedWallet';
    ConnectingSocial: 'embeddedWallet';
    ConnectingFarcaster: 'embeddedWallet';
    ApproveTransaction: 'embeddedWallet';
  }
}

function openBlankPopup(): SocialPopup | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.open('about:blank', 'cairn-social', 'popup,width=480,height=640') ?? undefined;
}

/** The flow's chunk, with the actions (a login connects); refused when the site set no frame. */
function embeddedFlow(ctx: CairnContext) {
  if (!ctx.embeddedWallet) throw new Error(EMBEDDED_LOGIN_NOT_CONFIGURED);
  return withActions(ctx, () => loadEmbeddedWalletFlow());
}

/**
 * The e-mail and social login (SPEC §5): the secure frame holds the wallet, the flow is a chunk of
 * its own. Its connector's session spans every namespace it connects: a disconnect ends it in the
 * frame, a page load asks the frame whether it still stands.
 */
export const embeddedWalletFeature: CairnFeature = {
  setup: (ctx) => {
    if (!ctx.options.embeddedWallet) return;
    const loader = createEmbeddedWalletLoader(ctx.options, (client) => {
      client.onPrompt((open, kind) => void loadEmbeddedWalletFlow().then((flow) => flow.showFramePrompt(ctx, open, kind)));
    });
    ctx.embeddedWallet = { store: createEmbeddedLoginStore(), load: loader.load, loaded: loader.loaded, openedModalForPrompt: false };
  },
  publicStores: { embeddedLogin: (ctx) => ctx.embeddedWallet?.store ?? createEmbeddedLoginStore() },
  session: {
    connectorId: AUTH_CONNECTOR_ID,
    end: async (ctx) => (await loadEmbeddedWalletFlow()).endEmbeddedWallet(ctx),
    // The login lives in the frame's own origin; the frame says whether it still stands.
    restore: async (ctx) => (await loadEmbeddedWalletFlow()).restoreEmbeddedWallet(ctx),
  },
  facade: {
    loginWithEmail: (ctx) => (email) => embeddedFlow(ctx).then((loaded) => loaded.startEmailLogin(ctx, email)),
    verifyEmailOtp: (ctx) => (otp) => embeddedFlow(ctx).then((loaded) => loaded.verifyEmailOtp(ctx, otp)),
    loginWithSocial: (ctx) => (provider) => {
      const loading = embeddedFlow(ctx);
      // Opened now, in the click's task: after an await the browser would block it.
      const popup = (ctx.openPopup ?? openBlankPopup)();
      return loading.then((loaded) => loaded.startSocialLogin(ctx, provider, popup));
    },
    loginWithFarcaster: (ctx) => () => embeddedFlow(ctx).then((loaded) => loaded.startFarcasterLogin(ctx)),
    exportEmbeddedWallet: (ctx) => () => embeddedFlow(ctx).then((loaded) => loaded.exportEmbeddedWallet(ctx)),
    manageEmbeddedDevices: (ctx) => () => embeddedFlow(ctx).then((loaded) => loaded.manageEmbeddedDevices(ctx)),
    openEmailUpdate: (ctx) => () => embeddedFlow(ctx).then((loaded) => loaded.openEmailUpdate(ctx)),
    updateEmail: (ctx) => (email) => embeddedFlow(ctx).then((loaded) => loaded.startEmailUpdate(ctx, email)),
    verifyEmailUpdateOtp: (ctx) => (otp) => embeddedFlow(ctx).then((loaded) => loaded.verifyEmailUpdateOtp(ctx, otp)),
    syncFrameTheme: (ctx) => (themeMode) => {
      if (themeMode !== 'light' && themeMode !== 'dark') throw new TypeError("syncFrameTheme: `themeMode` must be 'light' or 'dark'");
      ctx.embeddedWallet?.loaded()?.syncTheme(themeMode).catch((error: unknown) => console.warn("[cairn] could not sync the frame's theme", error));
    },
    placeFrame: (ctx) => (placement) => ctx.embeddedWallet?.loaded()?.placeFrame(placement),
  },
};
