import { createStore } from '../../createStore.ts';
import type { SocialLoginProvider as SocialProvider } from '../../rules/socialLogin.ts';
import type { FramePromptKind } from './framePromptKind.ts';

/**
 * An e-mail or social login as the views show it: sending the code, waiting for it, checking it,
 * a social popup open, then authenticating (the frame opens the wallet); failed keeps the reason.
 */
export type EmbeddedLoginStatus = 'idle' | 'sending' | 'otp' | 'verifying' | 'social' | 'farcaster' | 'authenticating' | 'failed';

/**
 * SPEC §4's e-mail update as its views show it: the new address typed (`new`), a code to the
 * current address (`primary`), then one to the new address (`secondary`); `busy` while the frame
 * works, `error` why the last step failed.
 */
export interface EmailUpdateState {
  step: 'new' | 'primary' | 'secondary';
  newEmail?: string;
  busy: boolean;
  error?: string;
}

export interface EmbeddedLoginState {
  status: EmbeddedLoginStatus;
  email?: string;
  provider?: SocialProvider | 'farcaster';
  error?: string;
  /** When the last e-mail login started (SPEC §5 cooldown). */
  emailStartedAt?: number;
  /** The frame's own screen (approval, recovery code) is open. */
  prompt: boolean;
  /** What that screen asks of the visitor, while it is open. */
  promptKind?: FramePromptKind;
  /** An e-mail update in progress (SPEC §4). */
  emailUpdate?: EmailUpdateState;
}

export const createEmbeddedLoginStore = () => createStore<EmbeddedLoginState>({ status: 'idle', prompt: false });
export type EmbeddedLoginStore = ReturnType<typeof createEmbeddedLoginStore>;
