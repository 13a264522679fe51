import type { Page } from 'playwright-core';

/** An address as the widget shortens it (SPEC §9): the first 6 and the last 6 characters. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-6)}`;

export interface SendFromAccount {
  token: string;
  amount: string;
  receiver: string;
  /** The Token select's option to choose (its label, e.g. `TUSD (12.5)`); the native coin when absent. */
  tokenOption?: string;
}

/**
 * From the open Account view: Send, the amount to the receiver, review, send, and Done back to
 * Account (SPEC §2's landing after a send). No vitest here: bench/freshBalances.ts drives it too.
 */
export async function sendFromAccount(page: Page, { token, amount, receiver, tokenOption }: SendFromAccount): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('wallet-feature-send').click();
  await dialog.getByRole('heading', { name: 'Send', exact: true }).waitFor();
  if (tokenOption) await dialog.getByLabel('Token', { exact: true }).selectOption({ label: tokenOption });
  await dialog.getByLabel('Amount', { exact: true }).fill(amount);
  await dialog.getByLabel('To', { exact: true }).fill(receiver);
  await dialog.getByTestId('send-receiver').filter({ hasText: shortAddress(receiver) }).waitFor();
  await dialog.getByTestId('send-fee').filter({ hasText: /\d/ }).waitFor();
  await dialog.getByTestId('send-review').click();
  await dialog.getByTestId('send-preview-amount').filter({ hasText: `${amount} ${token}` }).waitFor();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await dialog.locator('[data-testid="send-outcome"]').waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.getByRole('heading', { name: 'Account' }).waitFor();
}
