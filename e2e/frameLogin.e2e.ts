import { codeFromMail } from '@cairn/devnet/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, openSite as openFrameSite, promptClosed, promptOpen, startFrameStack, type FrameStack, type Outcome } from './support/frameStack.ts';

// Log-in by e-mail in the secure frame (issue 14), in Chromium: a site on one origin talks to the
// frame on another through @cairn/frame/client; the frame calls a Cairn server that mails the code
// over SMTP to a real mailbox; the wallet is made in the frame, its recovery code shown only there;
// a second browser profile recovers it with that code.
let stack: FrameStack;

beforeAll(async () => {
  stack = await startFrameStack('frame-login');
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

const openSite = () => openFrameSite(stack);

describe('log-in by e-mail in the secure frame', () => {
  it('makes the wallet in the frame with a recovery code only the frame shows, and a new browser recovers it with that code', async () => {
    const email = `frame-${process.pid}@example.com`;
    const phone = await openSite();
    const connecting = await logIn(stack, phone.page, email);
    await promptOpen(phone.page, phone.frameElement);
    const recoveryCode = (await phone.frameElement.locator('[data-recovery-code]').textContent())!;
    expect(recoveryCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){7}$/);
    // The printed code is the default (issue 22): the passphrase only on request, with why the code is safer beside it.
    expect(await phone.frameElement.locator('[data-recovery-code]').isVisible()).toBe(true);
    expect(await phone.frameElement.getByLabel('Passphrase', { exact: true }).isVisible()).toBe(false);
    expect(await phone.frameElement.getByRole('button', { name: 'Use a passphrase instead' }).isVisible()).toBe(true);
    expect(await phone.frameElement.locator('[data-passphrase-warning]').textContent()).toMatch(/^The recovery code is the safer choice: .*offline/);
    // The site's page cannot read the frame's document: the code never reaches it.
    expect(await phone.page.evaluate(() => document.body.innerText)).not.toContain(recoveryCode);
    await phone.frameElement.getByRole('button', { name: 'I have saved it' }).click();
    expect(await connecting.answer).toEqual({ ok: {} });
    await promptClosed(phone.page);
    const user = (await call(phone.page, 'GET_USER', {})).ok as { address: string; email: string; accounts: { type: string; namespace?: string }[] };
    // SPEC §3: eip155 prefers a smart account; this stack's network enables none, so the key's own
    // account is the one in use. The frame holds a Solana account beside it.
    expect(user).toMatchObject({
      email,
      chainId: 31337,
      preferredAccountType: 'smartAccount',
      accounts: [{ type: 'eoa', address: user.address }, { type: 'eoa', namespace: 'solana' }],
    });
    expect(await call(phone.page, 'IS_CONNECTED', {})).toEqual({ ok: { isConnected: true } });

    // A reload: the frame opens the same wallet from its own storage, asking nothing.
    await phone.page.reload();
    await phone.page.waitForFunction(() => 'frameTest' in window);
    expect(await phone.page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<Outcome> } }).frameTest.connect(url), stack.frame.url)).toEqual({ ok: 'ready' });
    await call(phone.page, 'SYNC_DAPP_DATA', { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' });
    expect(((await call(phone.page, 'GET_USER', {})).ok as { address: string }).address).toBe(user.address);

    // Another browser profile: log in again (once SPEC's 30 s for a new code are over), then the recovery code.
    stack.endEmailCodeCooldowns();
    const laptop = await openSite();
    const recovering = await logIn(stack, laptop.page, email);
    await promptOpen(laptop.page, laptop.frameElement);
    // The phone is not asked here: the recovery code opens the wallet instead of its approval.
    await laptop.frameElement.getByRole('button', { name: 'Use my recovery code or passphrase' }).click();
    await laptop.frameElement.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
    await laptop.frameElement.getByRole('button', { name: 'Open my wallet' }).click();
    expect(await recovering.answer).toEqual({ ok: {} });
    expect(((await call(laptop.page, 'GET_USER', {})).ok as { address: string }).address).toBe(user.address);

    expect(await call(laptop.page, 'SIGN_OUT', {})).toEqual({ ok: {} });
    expect(await call(laptop.page, 'IS_CONNECTED', {})).toEqual({ ok: { isConnected: false } });
    expect([...phone.errors, ...laptop.errors]).toEqual([]);
  }, 120_000);

  it('logs in with a social account: the site opens the provider in a popup, the frame makes the wallet', async () => {
    const { page, frameElement, errors } = await openSite();
    const redirect = await call(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'google' });
    const uri = (redirect.ok as { uri: string }).uri;
    expect(new URL(uri).origin).toBe(stack.oidc.issuer);
    // The widget opens the popup on the visitor's click (a frame cannot); here the site does.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate((url) => void window.open(url, 'cairn-social', 'width=480,height=640'), uri)]);
    const connecting = { answer: call(page, 'CONNECT_SOCIAL', { provider: 'google' }) };
    await popup.getByLabel('Account').fill('ann');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    // The callback page finishes nothing itself: it hands the provider's answer to the frame, which finishes the login.
    await popup.getByRole('heading', { name: 'Logging in' }).waitFor();
    await promptOpen(page, frameElement);
    await frameElement.getByRole('button', { name: 'I have saved it' }).click();
    const user = (await connecting.answer).ok as { address: string; email?: string };
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(user.email).toBe('ann@oidc.localhost');
    expect(await call(page, 'IS_CONNECTED', {})).toEqual({ ok: { isConnected: true } });
    expect(await call(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'farcaster' as never })).toEqual({ error: 'Social provider not allowed' });
    expect(errors).toEqual([]);
  });

  it("keeps the owner's code working through a stranger's wrong guesses for the address (issue 22)", async () => {
    const email = `guessed-${process.pid}@example.com`;
    const { page, frameElement, errors } = await openSite();
    const after = stack.mailbox.messages().at(-1)?.id ?? 0;
    expect(await call(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: { action: 'VERIFY_DEVICE' } });
    expect(await call(page, 'CONNECT_DEVICE', {})).toEqual({ ok: {} });
    const code = codeFromMail(await stack.mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after));

    // The stranger knows the address, not the attempt the owner's frame holds: his guesses count against nothing.
    const serverUrl = await frameElement.evaluate(() => (JSON.parse(document.querySelector('meta[name="cairn-frame-config"]')!.getAttribute('content')!) as { serverUrl: string }).serverUrl);
    for (let guess = 0; guess < 6; guess++) {
      const response = await fetch(`${serverUrl}/auth/v1/email/verify?projectId=cairn-local&st=e2e&sv=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, attemptId: `${'S'.repeat(42)}${guess}`, code: String(guess).padStart(6, '0') }),
      });
      expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([401, 'Invalid code']);
    }
    // Nor can a stranger's frame, which holds no attempt for it.
    const stranger = await openSite();
    expect(await call(stranger.page, 'CONNECT_OTP', { otp: code === '000000' ? '000001' : '000000' })).toEqual({ error: 'Ask for a code first' });

    const connecting = call(page, 'CONNECT_OTP', { otp: code });
    await promptOpen(page, frameElement);
    await frameElement.getByRole('button', { name: 'I have saved it' }).click();
    expect(await connecting).toEqual({ ok: {} });
    expect(((await call(page, 'GET_USER', {})).ok as { email: string }).email).toBe(email);
    expect(errors).toEqual([]);
  });

  it("shows the server's throttle with the remaining seconds", async () => {
    const { page } = await openSite();
    const email = `throttle-${process.pid}@example.com`;
    expect(await call(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: { action: 'VERIFY_DEVICE' } });
    const again = await call(page, 'CONNECT_EMAIL', { email });
    expect(again.error).toMatch(/^Please try again after (29|30) seconds$/);
  });
});
