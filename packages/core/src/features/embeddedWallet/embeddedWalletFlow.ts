// The e-mail and social login through the secure frame, loaded when a visitor starts such a login
// or comes back to one.
export { startEmailLogin, verifyEmailOtp } from './emailLogin.ts';
export { startSocialLogin, type SocialPopup } from './socialLogin.ts';
export { startFarcasterLogin } from './farcasterLogin.ts';
export { restoreEmbeddedWallet } from './restoreEmbeddedWallet.ts';
export { endEmbeddedWallet } from './endEmbeddedWallet.ts';
export { showFramePrompt } from './showFramePrompt.ts';
export { exportEmbeddedWallet, manageEmbeddedDevices } from './frameScreens.ts';
export { openEmailUpdate, startEmailUpdate, verifyEmailUpdateOtp } from './updateEmail.ts';
