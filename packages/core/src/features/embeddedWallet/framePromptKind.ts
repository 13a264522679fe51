/**
 * What the frame's own screen asks of the person, so the widget names the step for what it is: a
 * request to approve, the recovery code of a new wallet to save, the factor that opens the wallet
 * on a new device, the key export, the wallet's devices (Cairn's own, session 21), or the Farcaster
 * account a sign-in answered with, to confirm before the login (session 22).
 */
export const FRAME_PROMPT_KINDS = ['approval', 'protectWallet', 'recoverWallet', 'exportWallet', 'manageDevices', 'confirmFarcaster'] as const;
export type FramePromptKind = (typeof FRAME_PROMPT_KINDS)[number];
