import type { MailMessage } from './mailer.ts';

const MINUTES = 10;

/** The e-mail that carries a one-time code. The code is in the subject too, so a phone's notification shows it. */
export function loginCodeMail(input: { to: string; code: string; siteName: string; purpose: 'login' | 'update-primary' | 'update-secondary' }): MailMessage {
  const { to, code, siteName, purpose } = input;
  const what =
    purpose === 'login'
      ? `to log in to ${siteName}`
      : purpose === 'update-primary'
        ? `to confirm that you want to change the e-mail address of your ${siteName} account`
        : `to confirm this new e-mail address for your ${siteName} account`;
  return {
    to,
    subject: `${code} is your ${siteName} code`,
    text: [`Your code ${what}:`, '', `    ${code}`, '', `It works once, for ${MINUTES} minutes.`, 'If you did not ask for it, ignore this e-mail: nothing happens without the code.'].join('\n'),
  };
}
