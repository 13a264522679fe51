import { pairingCode, readPairingCode, type FoundDeviceRequest, type LoginApi, type LoginUser } from '@cairn/core/internal';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { DeviceStore } from '../custody/deviceStore.ts';
import type { WalletSecret } from '../custody/walletSecret.ts';
import { shareWithDevice } from '../custody/wallet.ts';
import { walletKeyProof } from './walletKeyProof.ts';

/** The wallet open on this device, as approving or removing another device needs it. */
export interface OpenWallet {
  signer: PrivateKeyAccount;
  secret: WalletSecret;
  user: LoginUser;
}

/** An enrolled device as the devices screen lists it. */
export interface ManagedDevice {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The device this screen runs on: it is not offered for removal here. */
  thisDevice: boolean;
}

/** A new device's waiting request, found by the code the person typed from its screen. */
export interface FoundDevice {
  pairingCode: string;
  createdAt: string;
  /** What the server says of the browser that asked (session 25): its User-Agent's claim, and whether it asked from this device's network. */
  requester: FoundDeviceRequest['requester'];
  /** Hands it its share, sealed to its exchange key, enrolled with the wallet key's proof. */
  approve(): Promise<void>;
}

/** What the devices screen may do: the frame decides, the screen renders and dispatches. */
export interface DeviceManager {
  /** The account decided for (session 24: the approval window names it): the wallet's address, and the login's e-mail when it has one. */
  account(): { address: string; email: string | null };
  devices(): Promise<ManagedDevice[]>;
  remove(deviceId: string): Promise<void>;
  find(typedCode: string): Promise<FoundDevice>;
  /** Ends every other login of the account (session 23), with the wallet key's proof for this device; how many ended. */
  signOutOthers(): Promise<number>;
}

export const DeviceManagerText = {
  notACode: 'Type the 8-character code the new device shows, such as K3T9-4QZA',
  otherRequest: 'The server answered with another device than the code names: nothing was approved',
  notThisDevice: 'This device cannot remove itself here: remove it from another device',
  unknownDevice: 'This device is no longer enrolled',
  /** Said on the recovery screen of a device the wallet's owner removed. */
  removed: 'This device was removed from your wallet: only your recovery code or passphrase opens it here again',
} as const;

export interface DeviceManagerParameters {
  api: () => LoginApi;
  /** The login's token while it lasts. */
  token: () => string;
  /** The open wallet; throws once the login ended. */
  wallet: () => OpenWallet;
  /** Before the wallet key signs a removal or an approval: this login still opens the wallet here (FrameLogin.checkLive). */
  live: () => Promise<void>;
  devices: DeviceStore;
}

/**
 * The devices screen's actions (session 21), on a device with the wallet open: list the account's
 * enrolled devices, remove another one with the wallet key's `remove-device` proof (a lost or stolen
 * device then opens nothing with its stored share), and approve a new device found by the pairing
 * code the person types from its screen; and end every other login of the account ("sign out
 * everywhere else", session 23: the wallet key's `sign-out-others` proof for this device). The frame
 * checks that the request the server returns is the one the typed code names: a server cannot swap
 * in another device's request.
 */
export function deviceManager({ api, token, wallet, live, devices }: DeviceManagerParameters): DeviceManager {
  const ownId = async () => (await devices.load())?.deviceId;
  const enrolled = async () => (await api().getWallet(token()))?.devices ?? [];
  return {
    account() {
      const open = wallet();
      return { address: open.signer.address, email: open.user.email };
    },
    async devices() {
      const own = await ownId();
      return (await enrolled()).map(({ id, createdAt, lastUsedAt }) => ({ id, createdAt, lastUsedAt, thisDevice: id === own }));
    },
    async remove(deviceId) {
      if (deviceId === (await ownId())) throw new Error(DeviceManagerText.notThisDevice);
      const device = (await enrolled()).find((known) => known.id === deviceId);
      if (!device) throw new Error(DeviceManagerText.unknownDevice);
      await live();
      const open = wallet();
      const proof = await walletKeyProof(open.signer, 'remove-device', open.user.id, { deviceId: device.id, devicePublicKey: device.publicKey, authShare: '' });
      await api().removeDevice(token(), device.id, proof);
    },
    async signOutOthers() {
      const own = await devices.load();
      if (!own) throw new Error(DeviceManagerText.unknownDevice);
      await live();
      const open = wallet();
      const proof = await walletKeyProof(open.signer, 'sign-out-others', open.user.id, { deviceId: own.deviceId, devicePublicKey: own.publicKey, authShare: '' });
      return (await api().signOutOthers(token(), { deviceId: own.deviceId, proof })).ended;
    },
    async find(typedCode) {
      const code = readPairingCode(typedCode);
      if (!code) throw new Error(DeviceManagerText.notACode);
      const request = await api().findDeviceRequest(token(), code);
      if (pairingCode(request) !== code) throw new Error(DeviceManagerText.otherRequest);
      return {
        pairingCode: code,
        createdAt: request.createdAt,
        requester: request.requester,
        approve: async () => {
          await live();
          const open = wallet();
          const { enrollment, sealedShare } = await shareWithDevice(open.secret, open.signer.address, request);
          await api().approveDevice(token(), request.id, { device: enrollment, sealedShare, proof: await walletKeyProof(open.signer, 'add-device', open.user.id, enrollment) });
        },
      };
    },
  };
}
