import { describe, expect, it } from 'vitest';
import { landingFor } from './landing.ts';

const on = (currentView: Parameters<typeof landingFor>[0]['currentView']) => ({ currentView });

describe('landingFor', () => {
  it('closes on Account after a connection', () => {
    expect(landingFor(on('ConnectingExternal'), { kind: 'connected' })).toEqual({ view: 'Account', open: false });
  });

  it('closes on Connect after the visitor disconnects', () => {
    expect(landingFor(on('Account'), { kind: 'disconnected' })).toEqual({ view: 'Connect', open: false });
  });

  it('resets to Connect without opening or closing when the wallet disconnects', () => {
    expect(landingFor(on('Account'), { kind: 'walletDisconnected' })).toEqual({ view: 'Connect' });
  });

  it('opens UnsupportedChain when that rule fires', () => {
    expect(landingFor(on('Account'), { kind: 'unsupportedChain' })).toEqual({ view: 'UnsupportedChain', open: true });
  });

  it('leaves UnsupportedChain for a closed Account once the chain is supported', () => {
    expect(landingFor(on('UnsupportedChain'), { kind: 'supportedChain' })).toEqual({ view: 'Account', open: false });
  });

  it('stays put on a supported chain when UnsupportedChain is not showing', () => {
    expect(landingFor(on('Networks'), { kind: 'supportedChain' })).toEqual({});
  });

  it('opens the sign view when sign-in is needed', () => {
    expect(landingFor(on('ConnectingExternal'), { kind: 'signInNeeded' })).toEqual({ view: 'ConnectingSiwe', open: true });
  });

  it('closes on Account after sign-in succeeds', () => {
    expect(landingFor(on('ConnectingSiwe'), { kind: 'signInSucceeded' })).toEqual({ view: 'Account', open: false });
  });

  it('reopens the sign view after a failed sign-in when it is not showing', () => {
    expect(landingFor(on('Account'), { kind: 'signInFailed' })).toEqual({ view: 'ConnectingSiwe', open: true });
  });

  it('keeps the sign view (no reset) after a failed sign-in when it is already showing', () => {
    expect(landingFor(on('ConnectingSiwe'), { kind: 'signInFailed' })).toEqual({ open: true });
  });

  it('opens on Connect when sign-in cannot start', () => {
    expect(landingFor(on('ConnectingSiwe'), { kind: 'signInInitFailed' })).toEqual({ view: 'Connect', open: true });
  });

  it('closes and resets to Connect when sign-in is cancelled', () => {
    expect(landingFor(on('ConnectingSiwe'), { kind: 'signInCancelled' })).toEqual({ view: 'Connect', open: false });
  });

  it('after a token send, back to Send (which shows how it goes) and to Account when done; after a swap, Account', () => {
    expect(landingFor(on('SendPreview'), { kind: 'tokenSent' })).toEqual({ back: true });
    expect(landingFor(on('Account'), { kind: 'tokenSent' })).toEqual({});
    expect(landingFor(on('Send'), { kind: 'sendDone' })).toEqual({ view: 'Account' });
    expect(landingFor(on('SwapPreview'), { kind: 'swapped' })).toEqual({ view: 'Account' });
  });

  it('after a name registration: the success view; on failure back to RegisterAccountName (SPEC §2, §8)', () => {
    expect(landingFor(on('RegisterAccountName'), { kind: 'nameRegistered' })).toEqual({ view: 'RegisterAccountNameSuccess' });
    expect(landingFor(on('RegisterAccountName'), { kind: 'nameRegistrationFailed' })).toEqual({});
    expect(landingFor(on('Account'), { kind: 'nameRegistrationFailed' })).toEqual({ view: 'RegisterAccountName' });
  });

  it('puts the OTP, social and approval views on top of the stack (back returns), once', () => {
    expect(landingFor(on('Connect'), { kind: 'emailCodeSent' })).toEqual({ view: 'EmailVerifyOtp', push: true, open: true });
    expect(landingFor(on('EmailVerifyOtp'), { kind: 'emailCodeSent' })).toEqual({ open: true });
    expect(landingFor(on('Connect'), { kind: 'socialLoginStarted' })).toEqual({ view: 'ConnectingSocial', push: true, open: true });
    // SPEC §2: Farcaster's QR code and link; a retry stays on it.
    expect(landingFor(on('Connect'), { kind: 'farcasterLoginStarted' })).toEqual({ view: 'ConnectingFarcaster', push: true, open: true });
    expect(landingFor(on('ConnectingFarcaster'), { kind: 'farcasterLoginStarted' })).toEqual({ open: true });
    expect(landingFor(on('Account'), { kind: 'framePromptOpened', prompt: 'approval' })).toEqual({ view: 'ApproveTransaction', data: { framePrompt: 'approval' }, push: true, open: true });
    // Named for what the frame's screen asks: a new wallet's recovery code is no request to approve.
    expect(landingFor(on('EmailVerifyOtp'), { kind: 'framePromptOpened', prompt: 'protectWallet' })).toMatchObject({ view: 'ApproveTransaction', data: { framePrompt: 'protectWallet' } });
    expect(landingFor(on('ApproveTransaction'), { kind: 'framePromptOpened', prompt: 'approval' })).toEqual({ open: true });
  });

  it('leaves ApproveTransaction when the frame\'s screen closes, closing the modal it opened', () => {
    expect(landingFor(on('ApproveTransaction'), { kind: 'framePromptClosed', openedModal: false })).toEqual({ back: true });
    expect(landingFor(on('ApproveTransaction'), { kind: 'framePromptClosed', openedModal: true })).toEqual({ back: true, open: false });
    expect(landingFor(on('Account'), { kind: 'framePromptClosed', openedModal: true })).toEqual({});
  });

  it('leaves open a modal the visitor opened again after the flow began: a connection or a session shows Account there', () => {
    const reopened = (currentView: Parameters<typeof landingFor>[0]['currentView']) => ({ currentView, sameVisit: false });
    expect(landingFor(reopened('Connect'), { kind: 'connected' })).toEqual({ view: 'Account' });
    expect(landingFor(reopened('AllWallets'), { kind: 'connected' })).toEqual({});
    expect(landingFor(reopened('ConnectingSiwe'), { kind: 'signInSucceeded' })).toEqual({ view: 'Account' });
    expect(landingFor(reopened('Send'), { kind: 'signInSucceeded' })).toEqual({});
  });
});
