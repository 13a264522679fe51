import { codeFromMail, type ReceivedMail } from '@cairn/devnet/mail';
import type { Page } from 'playwright-core';
import { connectButton, dialog, siteText, waitForSiteStatus } from './demo.ts';
import { frameContent } from './demoFrame.ts';
import { E2E_PORTS } from './ports.ts';

// The e2e stack's SMTP mailbox (the demo's server mails its codes there), read over its page.
const mailbox = `http://127.0.0.1:${E2E_PORTS.mail.page}/messages.json`;

export const mails = async (): Promise<ReceivedMail[]> => (await fetch(mailbox)).json() as Promise<ReceivedMail[]>;
export const lastMailId = async () => (await mails()).at(-1)?.id ?? 0;

/** The code in the first mail to `email` after mail `after`, once it arrives (10 s at most). */
export async function codeFor(email: string, after: number): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const mail = (await mails()).find((item) => item.to.includes(email) && item.id > after);
    if (mail) return codeFromMail(mail);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Starts an e-mail login in the demo's Connect view and types the mailed code. */
export async function enterMailedCode(page: Page, email: string) {
  const after = await lastMailId();
  await connectButton(page).click();
  await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog(page).getByRole('textbox', { name: 'One-time code' }).fill(await codeFor(email, after));
}

/** A new e-mail wallet in the demo: the mailed code typed, the frame's recovery code kept; resolves with the address the site shows. */
export async function signUpByEmail(page: Page, email: string): Promise<string> {
  await enterMailedCode(page, email);
  await frameContent(page).getByRole('button', { name: 'I have saved it' }).click({ timeout: 30_000 });
  await waitForSiteStatus(page, 'connected', 30_000);
  return (await siteText(page, 'site-address'))!;
}
