export { createWallet, unlockDevice, proveDevice, recoverOnNewDevice } from '../custody/wallet.ts';
export { indexedDbDeviceStore } from '../custody/deviceStore.ts';
export { createRecoveryCode } from '../custody/recoveryCode.ts';
export { verifyAuthShareRelease } from '../custody/deviceKeys.ts';
export { fromBase64url } from '../custody/encoding.ts';
