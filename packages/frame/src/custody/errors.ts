// The custody errors the frame shows. They name what went wrong and never echo a secret.
export const CustodyErrorText = {
  wrongRecoveryFactor: 'Wrong passphrase or recovery code',
  recoveryCodeTypo: 'This recovery code has a typo: check each group and try again',
  recoveryCodeFormat: 'A recovery code is 8 groups of 4 letters and digits',
  passphraseTooShort: 'A passphrase needs at least 12 characters',
  sharesDoNotMatch: 'The key shares do not belong to this wallet',
  deviceShareUnreadable: 'The key stored on this device cannot be read',
  weakScryptParameters: 'The recovery data asks for key-derivation settings that are too weak',
  malformedRecoveryBlob: 'The recovery data is damaged',
} as const;

export class CustodyError extends Error {
  override readonly name = 'CustodyError';
}
