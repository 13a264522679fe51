import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../errors.ts';
import { loadCairnActions } from '../../loadCairnActions.ts';
import { createFakeAdapter, createTestCairn, testNetworks } from '../../testing/fakeAdapter.ts';
import { createScriptedEmbeddedWallet, SCRIPTED_PUBLIC_KEY } from '../../testing/scriptedEmbeddedWallet.ts';
import { EmbeddedLoginText } from './embeddedLoginText.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import type { SocialPopup } from './socialLogin.ts';

async function start(options: { popup?: SocialPopup | null } = {}) {
  const frame = createScriptedEmbeddedWallet();
  let now = 1_000_000;
  const test = createTestCairn({
    embeddedWallet: frame.plugin,
    features: { socials: ['google', 'github'] },
    internals: { openPopup: () => (options.popup === null ? undefined : options.popup) },
  });
  await test.cairn.ready;
  await loadCairnActions();
  return { ...test, frame, tick: (ms: number) => (now += ms), now: () => now };
}

function popup(): SocialPopup & { hrefs: string[] } {
  const hrefs: string[] = [];
  return {
    closed: false,
    hrefs,
    location: {
      set href(value: string) {
        hrefs.push(value);
      },
      get href() {
        return hrefs.at(-1) ?? 'about:blank';
      },
    },
    close() {
      (this as { closed: boolean }).closed = true;
    },
  };
}

describe('e-mail login', () => {
  it('mails a code, opens the OTP view, and connects the frame wallet through the EVM adapter', async () => {
    const { cairn, frame, adapter, storage } = await start();
    cairn.open();
    expect(await cairn.loginWithEmail('  Visitor@Example.com ')).toBe(true);
    expect(frame.calls).toContain('connectEmail visitor@example.com');
    expect(cairn.stores.router.current().view).toBe('EmailVerifyOtp');
    expect(cairn.stores.embeddedLogin.get()).toMatchObject({ status: 'otp', email: 'visitor@example.com' });

    expect(await cairn.verifyEmailOtp('123456')).toBe(true);
    expect(adapter.remoteProviders.has(AUTH_CONNECTOR_ID)).toBe(true);
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: AUTH_CONNECTOR_ID });
    expect(cairn.stores.modal.get().open).toBe(false);
    expect(storage.get('connectedSocial')).toBe('email');
    expect(storage.get('connections')?.[0]).toMatchObject({ connectorId: AUTH_CONNECTOR_ID });
    // SPEC §3 library-level account: the frame's key says its public key and derivation path.
    expect(cairn.stores.account().get().accounts).toEqual([
      { namespace: 'eip155', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', type: 'eoa', publicKey: SCRIPTED_PUBLIC_KEY, path: "m/44'/60'/0'/0/0" },
    ]);
  });

  it('says why when the frame logged in but its wallet cannot connect, and keeps the visitor disconnected', async () => {
    const { cairn, adapter, eventNames } = await start();
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    adapter.failNext('connect', new Error('The frame could not open the wallet'));
    expect(await cairn.verifyEmailOtp('123456')).toBe(false);
    expect(cairn.stores.embeddedLogin.get()).toMatchObject({ status: 'failed', error: 'The frame could not open the wallet' });
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    expect(adapter.remoteProviders.has(AUTH_CONNECTOR_ID)).toBe(false);
    expect(eventNames()).toContain('CONNECT_ERROR');
  });

  it('refuses an invalid address and a code that is not six digits, without asking the frame', async () => {
    const { cairn, frame } = await start();
    cairn.open();
    expect(await cairn.loginWithEmail('not-an-email')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toBe(EmbeddedLoginText.invalidEmail);
    expect(await cairn.verifyEmailOtp('12ab')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toBe(EmbeddedLoginText.invalidOtp);
    // Core's code rule: six digits, as the server mails them (spaces from a paste aside).
    expect(await cairn.verifyEmailOtp('1234567')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toBe(EmbeddedLoginText.invalidOtp);
    expect(frame.calls).toEqual([]);
  });

  it('keeps the OTP view with the reason after a wrong code, then accepts the right one', async () => {
    const { cairn } = await start();
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    expect(await cairn.verifyEmailOtp('654321')).toBe(false);
    expect(cairn.stores.embeddedLogin.get()).toMatchObject({ status: 'otp', error: 'The code is wrong or has expired' });
    expect(cairn.stores.router.current().view).toBe('EmailVerifyOtp');
    expect(cairn.stores.modal.get().shaking).toBe(true); // SPEC §9: a wrong code shakes the modal
    expect(await cairn.verifyEmailOtp('123456')).toBe(true);
  });

  it('says how long to wait when a new login starts within 30 s of the last (SPEC §5), and shows the server\'s own answer', async () => {
    const { cairn, frame } = await start();
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    expect(await cairn.loginWithEmail('visitor@example.com')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toMatch(/^Please try again after (30|29) seconds$/);
    expect(frame.calls.filter((call) => call.startsWith('connectEmail'))).toHaveLength(1);
  });

  it('shows the frame\'s reason when sending fails', async () => {
    const { cairn, frame } = await start();
    cairn.open();
    frame.failNextEmail(ErrorText.emailLoginTooSoon(12));
    expect(await cairn.loginWithEmail('visitor@example.com')).toBe(false);
    expect(cairn.stores.embeddedLogin.get()).toMatchObject({ status: 'failed', error: 'Please try again after 12 seconds' });
  });
});

describe('social login', () => {
  it('points the popup opened by the click at the provider, then connects', async () => {
    const window = popup();
    const { cairn, frame } = await start({ popup: window });
    cairn.open();
    expect(await cairn.loginWithSocial('github')).toBe(true);
    expect(window.hrefs).toEqual(['http://127.0.0.1:9400/auth?provider=github']);
    expect(window.closed).toBe(true);
    expect(frame.calls).toEqual(['socialRedirectUri github', 'connectSocial github']);
    expect(cairn.stores.account().get()).toMatchObject({ connectorId: AUTH_CONNECTOR_ID, socialProvider: 'github' });
  });

  it('refuses a provider the site did not offer, and says when the browser blocked the popup', async () => {
    const { cairn, frame } = await start({ popup: null });
    cairn.open();
    expect(await cairn.loginWithSocial('discord')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toBe(EmbeddedLoginText.socialNotAllowed);
    expect(await cairn.loginWithSocial('google')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toBe(EmbeddedLoginText.popupBlocked);
    expect(cairn.stores.router.current().view).toBe('ConnectingSocial');
    expect(frame.calls).toEqual([]);
  });
});

describe('Farcaster login (SPEC §2 ConnectingFarcaster)', () => {
  async function startWithFarcaster() {
    const frame = createScriptedEmbeddedWallet();
    const test = createTestCairn({ embeddedWallet: frame.plugin, features: { socials: ['google', 'farcaster'] } });
    await test.cairn.ready;
    await loadCairnActions();
    return { ...test, frame };
  }

  it("shows the frame's sign-in link on ConnectingFarcaster, then connects the frame's wallet as a Farcaster login", async () => {
    const { cairn, frame } = await startWithFarcaster();
    const views: string[] = [];
    const links: (string | undefined)[] = [];
    cairn.stores.router.subscribe(() => views.push(cairn.stores.router.current().view));
    cairn.stores.account().subscribe(() => links.push(cairn.stores.account().get().farcasterUrl));
    cairn.open();
    expect(await cairn.loginWithFarcaster()).toBe(true);
    expect(frame.calls).toEqual(['farcasterUri', 'connectFarcaster']);
    expect(views).toContain('ConnectingFarcaster');
    expect(links).toContain('https://farcaster.xyz/~/siwf?channelToken=test&nonce=abcdefgh');
    expect(cairn.stores.account().get()).toMatchObject({ connectorId: AUTH_CONNECTOR_ID, socialProvider: 'farcaster' });
    expect(cairn.stores.account().get().farcasterUrl).toBeUndefined();
  });

  it("says why when the frame's sign-in is refused, and refuses a site that does not offer Farcaster", async () => {
    const { cairn, frame } = await startWithFarcaster();
    frame.farcasterRefusal = 'Sign In With Farcaster refused: signer does not own fid 7';
    cairn.open();
    expect(await cairn.loginWithFarcaster()).toBe(false);
    expect(cairn.stores.embeddedLogin.get()).toMatchObject({ status: 'failed', error: frame.farcasterRefusal });
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    expect(cairn.stores.account().get().farcasterUrl).toBeUndefined(); // a refused link is not shown again

    const other = await start();
    expect(await other.cairn.loginWithFarcaster()).toBe(false);
    expect(other.cairn.stores.embeddedLogin.get().error).toBe(EmbeddedLoginText.socialNotAllowed);
    expect(other.frame.calls).toEqual([]);
  });
});

describe('the frame\'s own screen', () => {
  it('opens ApproveTransaction over the current view, named for what the frame asks, and goes back when it closes', async () => {
    const { cairn, frame } = await start();
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    frame.prompt(true, 'protectWallet');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cairn.stores.router.current()).toEqual({ view: 'ApproveTransaction', data: { framePrompt: 'protectWallet' } });
    expect(cairn.stores.embeddedLogin.get()).toMatchObject({ prompt: true, promptKind: 'protectWallet' });
    frame.prompt(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cairn.stores.router.current().view).toBe('EmailVerifyOtp');
    expect(cairn.stores.modal.get().open).toBe(true);
  });

  it('opens the modal for an approval asked while it was closed, and closes it again after', async () => {
    const { cairn, frame } = await start();
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    await cairn.verifyEmailOtp('123456');
    expect(cairn.stores.modal.get().open).toBe(false);
    frame.prompt(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cairn.stores.modal.get().open).toBe(true);
    expect(cairn.stores.router.current().view).toBe('ApproveTransaction');
    frame.prompt(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cairn.stores.modal.get().open).toBe(false);
  });

  it('passes the view\'s box to the frame', async () => {
    const { cairn, frame } = await start();
    await cairn.loginWithEmail('visitor@example.com');
    cairn.placeFrame({ top: 1, left: 2, width: 300, height: 400 });
    cairn.placeFrame(undefined);
    expect(frame.placements).toEqual([{ top: 1, left: 2, width: 300, height: 400 }, undefined]);
  });
});

describe('reload and disconnect', () => {
  it('reconnects a remembered login without a code, and signs out in the frame on disconnect', async () => {
    const first = await start();
    first.cairn.open();
    await first.cairn.loginWithEmail('visitor@example.com');
    await first.cairn.verifyEmailOtp('123456');

    // The same frame (its own storage) after a reload of the page; the fake wallet keeps its grant as the frame keeps its login.
    first.cairn.destroy();
    const reloaded = createTestCairn({ embeddedWallet: first.frame.plugin, backend: first.backend, adapter: first.adapter });
    await reloaded.cairn.ready;
    expect(first.cairn.stores.account().get()).toMatchObject({ socialProvider: 'email', user: { email: 'visitor@example.com' } });
    expect(reloaded.cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: AUTH_CONNECTOR_ID, socialProvider: 'email' });
    expect(first.frame.calls).toContain('isConnected');

    await reloaded.cairn.disconnect();
    // SPEC §4: the disconnect clears the social provider.
    expect(reloaded.cairn.stores.account().get().socialProvider).toBeUndefined();
    expect(first.frame.calls.at(-1)).toBe('signOut');
    expect(reloaded.adapter.remoteProviders.has(AUTH_CONNECTOR_ID)).toBe(false);
    expect(reloaded.storage.get('connectedSocial')).toBeUndefined();

    reloaded.cairn.destroy();
    const again = createTestCairn({ embeddedWallet: first.frame.plugin, backend: reloaded.backend, adapter: first.adapter });
    await again.cairn.ready;
    expect(again.cairn.stores.account().get().status).toBe('disconnected');
  });

  it('drops a remembered login the frame no longer has', async () => {
    const first = await start();
    first.cairn.open();
    await first.cairn.loginWithEmail('visitor@example.com');
    await first.cairn.verifyEmailOtp('123456');
    first.frame.loggedIn = false;
    const reloaded = createTestCairn({ embeddedWallet: first.frame.plugin, backend: first.backend });
    await reloaded.cairn.ready;
    expect(reloaded.cairn.stores.account().get().status).toBe('disconnected');
    expect(reloaded.storage.get('connectedSocial')).toBeUndefined();
  });

  it('asks the frame for the key export only for its own wallet, and shows the frame\'s reason', async () => {
    const { cairn, frame } = await start();
    expect(await cairn.exportEmbeddedWallet()).toBe(false);
    expect(frame.calls).not.toContain('exportWallet');
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    await cairn.verifyEmailOtp('123456');
    expect(await cairn.exportEmbeddedWallet()).toBe(true);
    frame.loggedIn = false;
    expect(await cairn.exportEmbeddedWallet()).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toBe('Log in with your e-mail or a social account first');
  });

  it("asks the frame for its devices screen only for its own wallet, and shows the frame's reason (session 21)", async () => {
    const { cairn, frame } = await start();
    expect(await cairn.manageEmbeddedDevices()).toBe(false);
    expect(frame.calls).not.toContain('manageDevices');
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    await cairn.verifyEmailOtp('123456');
    expect(await cairn.manageEmbeddedDevices()).toBe(true);
    expect(frame.calls).toContain('manageDevices');
    frame.loggedIn = false;
    expect(await cairn.manageEmbeddedDevices()).toBe(false);
    expect(cairn.stores.embeddedLogin.get().error).toBe('Log in with your e-mail or a social account first');
  });

  it('rejects an embeddedWallet option that is not the plugin', () => {
    expect(() => createTestCairn({ embeddedWallet: { frameUrl: 'x' } as never })).toThrow(/embeddedWallet/);
  });
});

describe('e-mail update (SPEC §4)', () => {
  it('takes a code from the current address, then one from the new address, and lands on Account with the new address', async () => {
    const { cairn, frame } = await start();
    cairn.open();
    await cairn.loginWithEmail('old@example.com');
    await cairn.verifyEmailOtp('123456');
    cairn.open();
    expect(await cairn.openEmailUpdate()).toBe(true);
    expect(cairn.stores.router.current().view).toBe('UpdateEmailWallet');
    expect(await cairn.updateEmail(' New@Example.com ')).toBe(true);
    expect(cairn.stores.router.current().view).toBe('UpdateEmailPrimaryOtp');
    expect(cairn.stores.embeddedLogin.get().emailUpdate).toEqual({ step: 'primary', newEmail: 'new@example.com', busy: false });

    expect(await cairn.verifyEmailUpdateOtp('999999')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().emailUpdate).toMatchObject({ step: 'primary', error: 'Invalid code' });
    expect(await cairn.verifyEmailUpdateOtp('111111')).toBe(true);
    // The secondary step takes the primary's place: back goes to the address form, not to a spent code.
    expect(cairn.stores.router.get().history.map((entry) => entry.view)).toEqual(['Account', 'UpdateEmailWallet', 'UpdateEmailSecondaryOtp']);

    expect(await cairn.verifyEmailUpdateOtp('222222')).toBe(true);
    expect(cairn.stores.router.current().view).toBe('Account');
    expect(cairn.stores.embeddedLogin.get()).toMatchObject({ email: 'new@example.com', emailUpdate: undefined });
    expect(frame.calls.slice(-4)).toEqual(['updateEmail new@example.com', 'updateEmailPrimaryOtp 999999', 'updateEmailPrimaryOtp 111111', 'updateEmailSecondaryOtp 222222']);
  });

  it('refuses an invalid address or code without asking the frame, and any update without an e-mail wallet connected', async () => {
    const { cairn, frame } = await start();
    expect(await cairn.openEmailUpdate()).toBe(false);
    expect(await cairn.updateEmail('new@example.com')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().emailUpdate?.error).toBe(EmbeddedLoginText.notEmbeddedWallet);
    cairn.open();
    await cairn.loginWithEmail('old@example.com');
    await cairn.verifyEmailOtp('123456');
    expect(await cairn.updateEmail('not-an-email')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().emailUpdate?.error).toBe(EmbeddedLoginText.invalidEmail);
    expect(await cairn.verifyEmailUpdateOtp('111111')).toBe(false);
    await cairn.updateEmail('new@example.com');
    expect(await cairn.verifyEmailUpdateOtp('12ab')).toBe(false);
    expect(cairn.stores.embeddedLogin.get().emailUpdate?.error).toBe(EmbeddedLoginText.invalidOtp);
    expect(frame.calls.filter((call) => call.startsWith('update'))).toEqual(['updateEmail new@example.com']);
  });
});

describe('the e-mail wallet on Solana (issue 27)', () => {
  const SOLANA_ADDRESS = '4TXNZBc7UuGdaPgUCYgvmQ9bMCZw9vN9WKehCUmsh4PJ';

  async function startWithSolana() {
    const frame = createScriptedEmbeddedWallet({ solanaAddress: SOLANA_ADDRESS });
    const evm = createFakeAdapter();
    const solana = createFakeAdapter({ namespace: 'solana', wallet: { accounts: [SOLANA_ADDRESS], chainId: testNetworks.solana.id } });
    const test = createTestCairn({ embeddedWallet: frame.plugin, adapter: evm, adapters: [evm, solana], networks: [testNetworks.mainnet, testNetworks.solana] });
    await test.cairn.ready;
    await loadCairnActions();
    return { ...test, frame, evm, solana };
  }

  it('connects the auth connector on Solana too, through the same frame, with the EVM network still the active one', async () => {
    const { cairn, evm, solana } = await startWithSolana();
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    expect(await cairn.verifyEmailOtp('123456')).toBe(true);
    expect(cairn.stores.account('eip155').get()).toMatchObject({ status: 'connected', connectorId: AUTH_CONNECTOR_ID });
    expect(cairn.stores.account('solana').get()).toMatchObject({ status: 'connected', connectorId: AUTH_CONNECTOR_ID, address: SOLANA_ADDRESS });
    expect(cairn.stores.network.get().activeNamespace).toBe('eip155');
    expect(solana.remoteProviders.has(AUTH_CONNECTOR_ID)).toBe(true);

    // Disconnecting the login ends it on both (SPEC §4: the auth connector's chains go together).
    await cairn.disconnect();
    expect(evm.remoteProviders.has(AUTH_CONNECTOR_ID)).toBe(false);
    expect(solana.remoteProviders.has(AUTH_CONNECTOR_ID)).toBe(false);
    expect(cairn.stores.account('solana').get().status).toBe('disconnected');
  });

  it('stays on EVM alone when the frame has no Solana account', async () => {
    const frame = createScriptedEmbeddedWallet();
    const evm = createFakeAdapter();
    const solana = createFakeAdapter({ namespace: 'solana', wallet: { accounts: [SOLANA_ADDRESS], chainId: testNetworks.solana.id } });
    const { cairn } = createTestCairn({ embeddedWallet: frame.plugin, adapter: evm, adapters: [evm, solana], networks: [testNetworks.mainnet, testNetworks.solana] });
    await cairn.ready;
    cairn.open();
    await cairn.loginWithEmail('visitor@example.com');
    expect(await cairn.verifyEmailOtp('123456')).toBe(true);
    expect(cairn.stores.account('solana').get().status).toBe('disconnected');
    expect(solana.remoteProviders.has(AUTH_CONNECTOR_ID)).toBe(false);
  });
});
