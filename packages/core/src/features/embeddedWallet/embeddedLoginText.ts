/** A developer's mistake, said by the instance (kept apart from the views' texts: the page loads it up front). */
export const EMBEDDED_LOGIN_NOT_CONFIGURED = 'E-mail and social login need the `embeddedWallet` option';

/** What the e-mail and social login views may say (besides SPEC §8's texts in ErrorText). */
export const EmbeddedLoginText = {
  invalidEmail: 'E-mail payloads must be valid e-mails',
  invalidOtp: 'Enter the 6-digit code from the e-mail',
  sendFailed: 'Could not send the code',
  socialNotAllowed: 'Social provider not allowed',
  farcasterFailed: 'The Farcaster sign-in could not start: try again',
  popupBlocked: 'The browser blocked the sign-in window: allow pop-ups for this site and try again',
  socialFailed: 'Social login failed',
  noWallet: 'The secure frame opened no wallet',
  notEmbeddedWallet: 'Log in with your e-mail first: only an e-mail wallet has an address to change',
  notConfigured: EMBEDDED_LOGIN_NOT_CONFIGURED,
} as const;
