import type { DeviceRequest, LoginApi, LoginUser } from '@cairn/core/internal';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { DeviceStore } from '../custody/deviceStore.ts';
import { pairingCode } from '../custody/deviceHandoff.ts';
import type { WalletSecret } from '../custody/walletSecret.ts';
import { shareWithDevice } from '../custody/wallet.ts';
import type { RecoveryPrompts } from './recoveryPrompts.ts';
import { walletKeyProof } from './walletKeyProof.ts';

/** The wallet open on this device, as approving another device needs it. */
export interface OpenWallet {
  signer: PrivateKeyAccount;
  secret: WalletSecret;
  user: LoginUser;
}

export interface WatchDeviceRequestsParameters {
  api: () => LoginApi;
  /** The login's token while it lasts. */
  token: () => string | undefined;
  /** The open wallet, undefined once the login ended. */
  wallet: () => OpenWallet | undefined;
  devices: DeviceStore;
  prompts: RecoveryPrompts;
  pollMs: number;
  /** Device requests already put to the user (approved or not): each is asked once. */
  answered: Set<string>;
}

/** Stops the watch. */
export type WatchDeviceRequestsReturnType = () => void;

/**
 * While the wallet is open here, new devices asking to open it are put to the user, one at a time;
 * an approved one gets its share, sealed to its exchange key and enrolled with the wallet key's proof.
 */
export function watchDeviceRequests(watch: WatchDeviceRequestsParameters): WatchDeviceRequestsReturnType {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    answerDeviceRequests(watch)
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, watch.pollMs);
  return () => clearInterval(timer);
}

async function answerDeviceRequests({ api, token: tokenOf, wallet, devices, prompts, answered }: WatchDeviceRequestsParameters): Promise<void> {
  const token = tokenOf();
  if (!token) return;
  const own = (await devices.load())?.deviceId;
  for (const request of await api().deviceRequests(token)) {
    // Never this device's own request (left from before it opened the wallet another way).
    if (answered.has(request.id) || request.deviceId === own) continue;
    answered.add(request.id);
    if (await prompts.approveDevice(pairingCode(request))) await approveDevice(api(), token, request, wallet());
  }
}

async function approveDevice(api: LoginApi, token: string, request: DeviceRequest, open: OpenWallet | undefined): Promise<void> {
  // The login ended while the user was answering: nothing to hand over.
  if (!open) return;
  const { enrollment, sealedShare } = await shareWithDevice(open.secret, open.signer.address, request);
  await api.approveDevice(token, request.id, { device: enrollment, sealedShare, proof: await walletKeyProof(open.signer, 'add-device', open.user.id, enrollment) });
}
