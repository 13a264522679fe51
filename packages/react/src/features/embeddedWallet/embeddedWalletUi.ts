import type { FramePromptKind } from '@cairn/core';
import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';
import { EmbeddedWalletActions } from './EmbeddedWalletActions.tsx';

// ApproveTransaction is named for what the secure frame's screen asks: a new wallet's recovery code
// to save is no request to approve.
const FRAME_PROMPT_TITLES: Record<FramePromptKind, string> = {
  approval: msg('embeddedWallet.approve'),
  protectWallet: msg('embeddedWallet.saveYourRecoveryCode'),
  recoverWallet: msg('embeddedWallet.openYourWallet'),
  exportWallet: msg('embeddedWallet.exportWallet'),
  manageDevices: msg('embeddedWallet.devices'),
  confirmFarcaster: msg('embeddedWallet.signInWithFarcaster'),
};

/** The e-mail and social login (the secure frame): its views, and its e-mail change and export on Account. */
export const embeddedWalletUi = {
  views: {
    EmailVerifyOtp: { title: () => msg('embeddedWallet.confirmEmail'), component: lazyView(() => import('./EmailVerifyOtpView.tsx')) },
    UpdateEmailWallet: { title: () => msg('embeddedWallet.editEmail'), component: lazyView(() => import('./UpdateEmailWalletView.tsx')) },
    UpdateEmailPrimaryOtp: { title: () => msg('embeddedWallet.confirmCurrentEmail'), component: lazyView(() => import('./UpdateEmailPrimaryOtpView.tsx')) },
    UpdateEmailSecondaryOtp: { title: () => msg('embeddedWallet.confirmNewEmail'), component: lazyView(() => import('./UpdateEmailSecondaryOtpView.tsx')) },
    ConnectingSocial: { title: () => msg('embeddedWallet.logIn'), component: lazyView(() => import('./ConnectingSocialView.tsx')) },
    ConnectingFarcaster: { title: () => msg('embeddedWallet.signInWithFarcaster'), component: lazyView(() => import('./ConnectingFarcasterView.tsx')) },
    ApproveTransaction: { title: (data) => FRAME_PROMPT_TITLES[data?.framePrompt ?? 'approval'], component: lazyView(() => import('./ApproveTransactionView.tsx')) },
  },
  AccountAction: EmbeddedWalletActions,
} satisfies FeatureUi;
