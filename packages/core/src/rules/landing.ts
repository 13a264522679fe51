import type { RouteData, ViewName } from '../router.ts';
import type { FramePromptKind } from '../features/embeddedWallet/framePromptKind.ts';

/** What a flow reports when it ends; the landing rule turns it into a view and open/closed. */
export type FlowOutcome =
  | { kind: 'connected' }
  | { kind: 'disconnected' }
  | { kind: 'walletDisconnected' }
  | { kind: 'unsupportedChain' }
  | { kind: 'supportedChain' }
  | { kind: 'signInNeeded' }
  | { kind: 'signInSucceeded' }
  | { kind: 'signInFailed' }
  | { kind: 'signInInitFailed' }
  | { kind: 'signInCancelled' }
  | { kind: 'tokenSent' }
  | { kind: 'sendDone' }
  | { kind: 'swapped' }
  | { kind: 'nameRegistered' }
  | { kind: 'nameRegistrationFailed' }
  | { kind: 'emailCodeSent' }
  | { kind: 'socialLoginStarted' }
  | { kind: 'farcasterLoginStarted' }
  | { kind: 'emailUpdateStarted' }
  | { kind: 'emailUpdateCodeSent'; step: 'primary' | 'secondary' }
  | { kind: 'emailUpdated' }
  | { kind: 'framePromptOpened'; prompt: FramePromptKind }
  | { kind: 'framePromptClosed'; openedModal: boolean };

export interface LandingState {
  /** The view on top of the stack when the outcome arrived. */
  currentView: ViewName;
  /**
   * The modal has stayed open (or closed) since the flow began: false when the visitor closed it
   * and opened it again, so the outcome of an older flow is not theirs to close. Default true.
   */
  sameVisit?: boolean;
}

/**
 * Where the stack goes (`view`, reset to it; absent: stays) and whether the modal ends open
 * (`open`; absent: stays as it is).
 */
export interface Landing {
  view?: ViewName;
  data?: RouteData;
  /** `view` goes on top of the stack (back returns) instead of replacing it. */
  push?: boolean;
  /** The stack goes back one view. */
  back?: boolean;
  open?: boolean;
}

/** SPEC §2 and §4: the one rule for where a flow lands. */
export function landingFor(state: LandingState, outcome: FlowOutcome): Landing {
  switch (outcome.kind) {
    // A modal the visitor opened again is left open; Connect has nothing more to offer, so Account shows.
    case 'connected':
      if (state.sameVisit === false) return state.currentView === 'Connect' ? { view: 'Account' } : {};
      return { view: 'Account', open: false };
    case 'disconnected':
      return { view: 'Connect', open: false };
    // The wallet ended the connection: the modal stays as the visitor left it.
    case 'walletDisconnected':
      return { view: 'Connect' };
    // SPEC §2: UnsupportedChain opens when its rule fires, and leaves when it no longer does.
    case 'unsupportedChain':
      return { view: 'UnsupportedChain', open: true };
    case 'supportedChain':
      return state.currentView === 'UnsupportedChain' ? { view: 'Account', open: false } : {};
    // SPEC §4: on connect without a session, the sign-message view opens.
    case 'signInNeeded':
      return { view: 'ConnectingSiwe', open: true };
    // SPEC §4: on success the session is stored and the modal closes.
    case 'signInSucceeded':
      if (state.sameVisit === false) return state.currentView === 'ConnectingSiwe' ? { view: 'Account' } : {};
      return { view: 'Account', open: false };
    // SPEC §4: on failure the sign view is reopened unless already open.
    case 'signInFailed':
      return state.currentView === 'ConnectingSiwe' ? { open: true } : { view: 'ConnectingSiwe', open: true };
    // SPEC §8: sign-in init failure disconnects and resets to Connect, where the error shows.
    case 'signInInitFailed':
      return { view: 'Connect', open: true };
    // SPEC §4: cancel closes (disconnecting first when sign-in is required); then the view resets to Connect.
    case 'signInCancelled':
      return { view: 'Connect', open: false };
    // Sent: back from the review to Send, which shows how the transaction goes until the visitor is done.
    case 'tokenSent':
      return state.currentView === 'SendPreview' ? { back: true } : {};
    // SPEC §2: after a token send the stack moves to Account.
    case 'sendDone':
      return { view: 'Account' };
    // Like a send: the swap is pending in Activity; the account shows the balances move.
    case 'swapped':
      return { view: 'Account' };
    // SPEC §2: after a name registration, the success view; SPEC §8: on failure, back to RegisterAccountName.
    case 'nameRegistered':
      return { view: 'RegisterAccountNameSuccess' };
    case 'nameRegistrationFailed':
      return state.currentView === 'RegisterAccountName' ? {} : { view: 'RegisterAccountName' };
    // The code is on its way: the OTP view, with back to the e-mail field.
    case 'emailCodeSent':
      return state.currentView === 'EmailVerifyOtp' ? { open: true } : { view: 'EmailVerifyOtp', push: true, open: true };
    // SPEC §4's e-mail update: the new address, a code to the current one, then (in its place) a code to the new one.
    case 'emailUpdateStarted':
      return state.currentView === 'UpdateEmailWallet' ? { open: true } : { view: 'UpdateEmailWallet', push: true, open: true };
    case 'emailUpdateCodeSent':
      if (outcome.step === 'primary') return state.currentView === 'UpdateEmailPrimaryOtp' ? {} : { view: 'UpdateEmailPrimaryOtp', push: true };
      return state.currentView === 'UpdateEmailSecondaryOtp' ? {} : { back: true, view: 'UpdateEmailSecondaryOtp', push: true };
    // The new address is stored: back to the account.
    case 'emailUpdated':
      return { view: 'Account' };
    case 'socialLoginStarted':
      return state.currentView === 'ConnectingSocial' ? { open: true } : { view: 'ConnectingSocial', push: true, open: true };
    // SPEC §2: Farcaster's QR code and link.
    case 'farcasterLoginStarted':
      return state.currentView === 'ConnectingFarcaster' ? { open: true } : { view: 'ConnectingFarcaster', push: true, open: true };
    // The frame's own screen (approval, recovery code) shows inside ApproveTransaction, over the current view.
    // The view is named for what the screen asks (approve a request, save a recovery code, ...).
    case 'framePromptOpened':
      return state.currentView === 'ApproveTransaction' ? { open: true } : { view: 'ApproveTransaction', data: { framePrompt: outcome.prompt }, push: true, open: true };
    // Back to where the visitor was; closed again if the frame's screen was what opened the modal.
    case 'framePromptClosed':
      if (state.currentView !== 'ApproveTransaction') return {};
      return outcome.openedModal ? { back: true, open: false } : { back: true };
  }
}
