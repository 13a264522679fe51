// Key custody of the frame (see ../../README.md): frame-only, never imported by the widget.
export * from './errors.ts';
export * from './walletSecret.ts';
export * from './shares.ts';
export * from './deviceKeys.ts';
export * from './deviceShare.ts';
export * from './deviceStore.ts';
export * from './recoveryCode.ts';
export * from './recoveryBlob.ts';
export * from './wallet.ts';
export * from './deviceHandoff.ts';
