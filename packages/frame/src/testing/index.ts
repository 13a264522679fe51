// `@cairn/frame/testing`: test support for other packages' tests (not published). The custody
// functions are here so a browser test page can run them where IndexedDB and WebCrypto are real.
export { FakeWindow, fakeEmbedding, waitFor, type WindowHandle } from './fakeWindows.ts';
export { createWallet, unlockDevice, proveDevice, recoverOnNewDevice, indexedDbDeviceStore, createRecoveryCode, verifyAuthShareRelease, fromBase64url } from './custody.ts';
