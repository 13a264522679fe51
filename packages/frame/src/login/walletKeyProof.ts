import { embeddedWalletProofMessage, type EmbeddedWalletAction } from '@cairn/core/internal';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { DeviceEnrollment } from '../custody/wallet.ts';

/** The wallet key's proof, for the server, that its owner does `action` for this device (a new wallet, an added device). */
export async function walletKeyProof(signer: PrivateKeyAccount, action: EmbeddedWalletAction, userId: string, device: DeviceEnrollment) {
  const issuedAt = new Date().toISOString();
  return { issuedAt, signature: await signer.signMessage({ message: embeddedWalletProofMessage({ action, userId, deviceId: device.deviceId, deviceKey: device.devicePublicKey, issuedAt }) }) };
}
