import { bytesToHex } from '@noble/hashes/utils';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { toBase64url, fromBase64url } from './encoding.ts';
import { createDeviceKeys, signAuthShareRelease } from './deviceKeys.ts';
import { openDeviceShare, sealDeviceShare } from './deviceShare.ts';
import type { SealedForDevice } from '@cairn/core/internal';
import type { DeviceRecord, DeviceRegistration } from './deviceStore.ts';
import { createExchangeKeys, openFromDevice, sealForDevice } from './deviceHandoff.ts';
import { CustodyError, CustodyErrorText } from './errors.ts';
import { openRecoveryShare, sealRecoveryShare, type RecoveryBlob, type RecoveryFactor, type ScryptParameters } from './recoveryBlob.ts';
import { combineShares, splitSecret } from './shares.ts';
import { accountOf, generateWalletSecret, mnemonicOf, type WalletSecret } from './walletSecret.ts';

/** What a device registers with the server: its auth share and the public key that must sign each release. */
export interface DeviceEnrollment {
  deviceId: string;
  authShare: string;
  devicePublicKey: string;
}

/** What the server keeps for recovery: half of a second split, and the other half sealed under the user's factor. */
export interface RecoveryMaterial {
  address: `0x${string}`;
  recoveryAuthShare: string;
  recoveryBlob: RecoveryBlob;
}

/** Everything the server stores for a wallet (sent once, at creation). */
export interface ServerWalletRecord extends RecoveryMaterial {
  device: DeviceEnrollment;
}

export interface CreatedWallet {
  address: `0x${string}`;
  device: DeviceRecord;
  server: ServerWalletRecord;
}

/** Throws 'The key shares do not belong to this wallet' unless the secret derives the stored address. */
export function assertAddress(secret: WalletSecret, expected: string): ReturnType<typeof accountOf> {
  const account = accountOf(secret);
  if (account.address.toLowerCase() !== expected.toLowerCase()) throw new CustodyError(CustodyErrorText.sharesDoNotMatch);
  return account;
}

/** This browser's device before it holds a wallet: its id and keys, made once (SPEC §4's device step). */
export async function registerDevice(): Promise<DeviceRegistration> {
  return { v: 1, deviceId: crypto.randomUUID(), ...(await createDeviceKeys()), ...(await createExchangeKeys()) };
}

async function enrollDevice(secret: WalletSecret, address: `0x${string}`, registration?: DeviceRegistration): Promise<{ device: DeviceRecord; enrollment: DeviceEnrollment }> {
  const keys = registration ?? (await createDeviceKeys());
  const { first: deviceShare, second: authShare } = await splitSecret(secret);
  const deviceId = registration?.deviceId ?? crypto.randomUUID();
  const sealedShare = await sealDeviceShare(keys.shareKey, deviceShare, address);
  deviceShare.fill(0);
  return {
    device: { v: 1, deviceId, address, shareKey: keys.shareKey, signingKey: keys.signingKey, publicKey: keys.publicKey, sealedShare },
    enrollment: { deviceId, authShare: toBase64url(authShare), devicePublicKey: keys.publicKey },
  };
}

/** A new wallet, made in the frame: the device half stays here, the rest goes to the server. */
export async function createWallet(factor: RecoveryFactor, options: { scrypt?: ScryptParameters; registration?: DeviceRegistration } = {}): Promise<CreatedWallet> {
  const secret = generateWalletSecret();
  try {
    const { address } = accountOf(secret);
    const recovery = await splitSecret(secret);
    const recoveryBlob = await sealRecoveryShare(recovery.first, factor, address, options.scrypt);
    const { device, enrollment } = await enrollDevice(secret, address, options.registration);
    return { address, device, server: { address, recoveryAuthShare: toBase64url(recovery.second), recoveryBlob, device: enrollment } };
  } finally {
    secret.fill(0);
  }
}

/** The device's proof for the server's nonce, after a fresh login: the server then releases the auth share. */
export function proveDevice(device: DeviceRecord, nonce: string): Promise<string> {
  return signAuthShareRelease(device.signingKey, { nonce, deviceId: device.deviceId, address: device.address });
}

function decodeShare(text: string): Uint8Array {
  try {
    return fromBase64url(text);
  } catch {
    throw new CustodyError(CustodyErrorText.sharesDoNotMatch);
  }
}

async function combineChecked(first: Uint8Array, second: Uint8Array, address: string) {
  const secret = await combineShares(first, second).catch(() => {
    throw new CustodyError(CustodyErrorText.sharesDoNotMatch);
  });
  try {
    return { secret, account: assertAddress(secret, address) };
  } catch (error) {
    secret.fill(0);
    throw error;
  }
}

/**
 * The wallet on this device: device share + the released auth share, checked against the stored
 * address; the signer and the secret (the frame keeps it while the wallet is open, to hand a new
 * device its share and derive the wallet's other accounts). Zero the secret when done.
 */
export async function unlockWallet(device: DeviceRecord, authShare: string): Promise<{ signer: PrivateKeyAccount; secret: WalletSecret }> {
  const deviceShare = await openDeviceShare(device.shareKey, device.sealedShare, device.address);
  const { secret, account } = await combineChecked(deviceShare, decodeShare(authShare), device.address);
  deviceShare.fill(0);
  const signer = privateKeyToAccount(`0x${bytesToHex(account.privateKey)}`);
  account.privateKey.fill(0);
  return { signer, secret };
}

/** The signer of this device alone (the secret is zeroed). */
export async function unlockDevice(device: DeviceRecord, authShare: string): Promise<PrivateKeyAccount> {
  const { signer, secret } = await unlockWallet(device, authShare);
  secret.fill(0);
  return signer;
}

/**
 * An open wallet approves a new device: a fresh device pair, the auth share for the server and the
 * device share sealed to the new device's exchange key.
 */
export async function shareWithDevice(
  secret: WalletSecret,
  address: `0x${string}`,
  request: { deviceId: string; devicePublicKey: string; exchangeKey: string },
): Promise<{ enrollment: DeviceEnrollment; sealedShare: SealedForDevice }> {
  assertAddress(secret, address).privateKey.fill(0);
  const { first: deviceShare, second: authShare } = await splitSecret(secret);
  try {
    const sealedShare = await sealForDevice(deviceShare, request.exchangeKey, { address, deviceId: request.deviceId });
    return { enrollment: { deviceId: request.deviceId, authShare: toBase64url(authShare), devicePublicKey: request.devicePublicKey }, sealedShare };
  } finally {
    deviceShare.fill(0);
  }
}

/** The new device takes the share an open device sealed to it, and keeps it under its own key. */
export async function deviceFromHandoff(registration: DeviceRegistration, address: `0x${string}`, sealed: SealedForDevice): Promise<DeviceRecord> {
  const deviceShare = await openFromDevice(registration.exchangeKey, sealed, { address, deviceId: registration.deviceId });
  try {
    const sealedShare = await sealDeviceShare(registration.shareKey, deviceShare, address);
    return { v: 1, deviceId: registration.deviceId, address, shareKey: registration.shareKey, signingKey: registration.signingKey, publicKey: registration.publicKey, sealedShare };
  } finally {
    deviceShare.fill(0);
  }
}

async function recoverSecret(material: RecoveryMaterial, factor: RecoveryFactor) {
  const recoveryShare = await openRecoveryShare(material.recoveryBlob, factor, material.address);
  const combined = await combineChecked(recoveryShare, decodeShare(material.recoveryAuthShare), material.address);
  recoveryShare.fill(0);
  combined.account.privateKey.fill(0);
  return combined.secret;
}

/** A new device: the recovery material (after a fresh login) and the user's factor give the secret, then a fresh device pair. */
export async function recoverOnNewDevice(material: RecoveryMaterial, factor: RecoveryFactor, registration?: DeviceRegistration): Promise<{ device: DeviceRecord; enrollment: DeviceEnrollment }> {
  const secret = await recoverSecret(material, factor);
  try {
    return await enrollDevice(secret, material.address, registration);
  } finally {
    secret.fill(0);
  }
}

/** The 12 words, only after the recovery factor opens the recovery share and the address matches. */
export async function exportMnemonic(material: RecoveryMaterial, factor: RecoveryFactor): Promise<string> {
  const secret = await recoverSecret(material, factor);
  try {
    return mnemonicOf(secret);
  } finally {
    secret.fill(0);
  }
}
