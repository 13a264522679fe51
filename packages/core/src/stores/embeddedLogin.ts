import { createStore } from '../createStore.ts';
import type { SocialLoginProvider as SocialProvider } from '../rules/socialLogin.ts';
import type { FramePromptKind } from '../embeddedWallet/framePromptKind.ts';

/**
 * An e-mail or social login as the views show it: sending the code, waiting for it, checking it,
 * a social popup open, then authenticating (the frame opens the wallet); failed keeps the reason.
 */
export type EmbeddedLoginStatus = 'idle' | 'sending' | 'otp' | 'verifying' | 'social' | 'authenticating' | 'failed';

export interface EmbeddedLoginState {
  status: EmbeddedLoginStatus;
  email?: string;
  provider?: SocialProvider;
  error?: string;
  /** When the last e-mail login started (SPEC §5 cooldown). */
  emailStartedAt?: number;
  /** The frame's own screen (approval, recovery code) is open. */
  prompt: boolean;
  /** What that screen asks of the visitor, while it is open. */
  promptKind?: FramePromptKind;
}

export const createEmbeddedLoginStore = () => createStore<EmbeddedLoginState>({ status: 'idle', prompt: false });
export type EmbeddedLoginStore = ReturnType<typeof createEmbeddedLoginStore>;
