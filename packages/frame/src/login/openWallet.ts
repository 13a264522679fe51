import type { LoginApi, LoginUser, SealedForDevice } from '@cairn/core/internal';
import { isTransientFailure } from '@cairn/core/internal';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { DeviceRecord, DeviceRegistration, DeviceStore } from '../custody/deviceStore.ts';
import { pairingCode } from '../custody/deviceHandoff.ts';
import type { WalletSecret } from '../custody/walletSecret.ts';
import { createWallet, deviceFromHandoff, proveDevice, recoverOnNewDevice, unlockWallet } from '../custody/wallet.ts';
import { DeviceManagerText } from './deviceManagement.ts';
import type { RecoveryPrompts } from './recoveryPrompts.ts';
import { blobToText, factorKindOf, textToBlob, withRecoveryAttempts } from './recoveryAttempts.ts';
import { walletKeyProof } from './walletKeyProof.ts';

/** What opening the wallet on this device takes: the server, this frame's devices, its user's answers. */
export interface OpenWalletParameters {
  api: LoginApi;
  devices: DeviceStore;
  prompts: RecoveryPrompts;
  /** How often a new device asks the server whether a device with the wallet open approved it. */
  devicePollMs: number;
  /** This browser's device keys, made once (FrameLogin.registerDevice). */
  registerDevice(): Promise<DeviceRegistration>;
  token: string;
  user: LoginUser;
}

export type OpenWalletReturnType = { signer: PrivateKeyAccount; secret: WalletSecret };

export const APPROVAL_ENDED = 'This device stopped waiting for an approval';
/** Said on the recovery screen of a device the wallet's owner removed (its devices screen, session 21). */
export const DEVICE_REMOVED = DeviceManagerText.removed;

/**
 * The logged-in user's wallet on this device: made on the first login, unlocked on a known device
 * (the server's share for the device key's proof), or on a new device approved by one that has it
 * open, or recovered with the user's factor.
 */
export async function openWallet({ api, devices, prompts, devicePollMs, registerDevice, token, user }: OpenWalletParameters): Promise<OpenWalletReturnType> {
  const wallet = await api.getWallet(token);
  const registration = await devices.loadRegistration();
  if (!wallet) {
    const created = await createWallet(await prompts.chooseFactor(), registration ? { registration } : {});
    const opened = await unlockWallet(created.device, created.server.device.authShare);
    await api.createWallet(token, {
      address: created.address,
      recoveryAuthShare: created.server.recoveryAuthShare,
      recoveryBlob: blobToText(created.server.recoveryBlob),
      device: created.server.device,
      proof: await walletKeyProof(opened.signer, 'create-wallet', user.id, created.server.device),
    });
    await keepDevice(devices, created.device);
    return opened;
  }
  const address = wallet.address as `0x${string}`;
  const device = await devices.load();
  const ofThisWallet = device !== undefined && device.address.toLowerCase() === wallet.address.toLowerCase();
  if (device && ofThisWallet && wallet.devices.some((known) => known.id === device.deviceId)) return unlockKnown(api, token, device);
  // Removed by the owner (a lost or stolen device): its keys open nothing now, and no other device's
  // approval is asked for; only the recovery factor opens the wallet here again, on new keys.
  const removed = ofThisWallet;
  if (removed) await devices.clear();
  // A new device for this wallet: a device that has it open approves it, or the user's recovery factor opens it.
  const registered = (removed ? undefined : registration) ?? (await registerDevice());
  const approvedHere = removed ? undefined : await byApproval(api, token, registered, address, prompts, devicePollMs);
  if (approvedHere) {
    await keepDevice(devices, approvedHere);
    return unlockKnown(api, token, approvedHere);
  }
  const material = await api.recovery(token);
  const recoveryBlob = textToBlob(material.recoveryBlob);
  const recovered = await withRecoveryAttempts(
    async (problem) =>
      recoverOnNewDevice({ address, recoveryAuthShare: material.recoveryAuthShare, recoveryBlob }, await prompts.askFactor(factorKindOf(recoveryBlob), problem, 'recoverWallet'), registered),
    removed ? DEVICE_REMOVED : undefined,
  );
  const opened = await unlockWallet(recovered.device, recovered.enrollment.authShare);
  await api.addDevice(token, { device: recovered.enrollment, proof: await walletKeyProof(opened.signer, 'add-device', user.id, recovered.enrollment) });
  await keepDevice(devices, recovered.device);
  return opened;
}

/**
 * This device approved by one that has the wallet open, or undefined when the user takes the
 * recovery path instead, or when no request can wait: the account's waiting requests are full (429),
 * which a login holder (a taken mailbox) can keep so; the recovery factor then still opens the wallet
 * here (before session 19 the login failed there, with no way on to the factor).
 */
async function byApproval(api: LoginApi, token: string, registered: DeviceRegistration, address: `0x${string}`, prompts: RecoveryPrompts, devicePollMs: number): Promise<DeviceRecord | undefined> {
  const request = await api.requestDevice(token, { deviceId: registered.deviceId, devicePublicKey: registered.publicKey, exchangeKey: registered.exchangePublicKey }).catch((error: unknown) => {
    if ((error as { status?: unknown } | null)?.status === 429) return undefined;
    throw error;
  });
  if (!request) return undefined;
  const stop = new AbortController();
  const approval = approvalOf(api, token, request.id, stop.signal, devicePollMs);
  const approved = approval.then(() => undefined);
  // Ended when the user takes the recovery path instead: then nobody waits on it.
  approved.catch(() => undefined);
  if ((await prompts.awaitApproval(pairingCode(request), approved)) === 'approved') return deviceFromHandoff(registered, address, await approval);
  stop.abort();
  return undefined;
}

/** A device that holds this wallet: its share released for its key's proof, after the fresh login. */
async function unlockKnown(api: LoginApi, token: string, device: DeviceRecord): Promise<OpenWalletReturnType> {
  const challenge = await api.deviceChallenge(token, device.deviceId);
  const authShare = await api.releaseAuthShare(token, device.deviceId, challenge, await proveDevice(device, challenge));
  return unlockWallet(device, authShare);
}

/** The device now holds a wallet; its registration is spent (a device id is enrolled once). */
async function keepDevice(devices: DeviceStore, device: DeviceRecord) {
  await devices.save(device);
  await devices.saveRegistration(undefined);
}

/** The answer to this device's request: the sealed share once a device approved it. */
async function approvalOf(api: LoginApi, token: string, requestId: string, signal: AbortSignal, pollMs: number): Promise<SealedForDevice> {
  while (!signal.aborted) {
    // A poll that failed on the way (a timeout, a busy server) is not the other device's answer: ask again.
    const status = await api.deviceRequestStatus(token, requestId).catch((error: unknown) => (isTransientFailure(error) ? undefined : Promise.reject(error)));
    if (status?.status === 'approved') return status.sealedShare;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(APPROVAL_ENDED);
}
