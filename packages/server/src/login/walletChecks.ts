import { createHash } from 'node:crypto';
import { embeddedWalletProofMessage, isDevicePublicKey, type EmbeddedWalletAction } from '@cairn/core/internal';
import type { FastifyRequest } from 'fastify';
import { recoverMessageAddress, type Hex } from 'viem';
import { SIGNATURE_SCHEMA } from '../auth/authRoutes.ts';
import { ApiError } from '../http/errors.ts';
import { WALLET_ERRORS } from './loginErrors.ts';
import type { LoginStore, LoginUser } from './loginStore.ts';
import { requireLogin } from './requireLogin.ts';
import type { NewDevice } from './walletStore.ts';

// What the embedded wallet's routes check (its own routes and the device requests'): a fresh
// login, a device's key, and the wallet key's proof for a device.

/** The wallet's shares are released, and devices added, only within this long of a login. */
export const FRESH_LOGIN_MS = 10 * 60_000;
/** A device proof's Issued At may be this far from the server's clock. */
export const PROOF_WINDOW_MS = 10 * 60_000;

export const SHARE = { type: 'string', minLength: 1, maxLength: 2048, pattern: '^[A-Za-z0-9+/=_:.-]+$', description: 'an opaque share (base64, base64url or hex)' } as const;
export const BLOB = { type: 'string', minLength: 1, maxLength: 8192, pattern: '^[A-Za-z0-9+/=_:.-]+$', description: 'the recovery share encrypted in the browser' } as const;
export const DEVICE_KEY = { type: 'string', maxLength: 200, description: "the device key's ECDSA P-256 public half (SPKI, base64url)" } as const;
export const DEVICE = {
  type: 'object',
  required: ['deviceId', 'authShare', 'devicePublicKey'],
  additionalProperties: false,
  properties: {
    deviceId: { type: 'string', format: 'uuid', description: "the device's id (the frame makes it)" },
    authShare: SHARE,
    devicePublicKey: DEVICE_KEY,
  },
} as const;
export const PROOF = {
  type: 'object',
  required: ['issuedAt', 'signature'],
  additionalProperties: false,
  properties: { issuedAt: { type: 'string', maxLength: 40, description: 'an ISO 8601 time' }, signature: SIGNATURE_SCHEMA },
} as const;

export type Proof = { issuedAt: string; signature: Hex };

export async function freshLogin(logins: LoginStore, request: FastifyRequest): Promise<LoginUser> {
  const now = Date.now();
  const { user } = await requireLogin(logins, request, now);
  if (now - Date.parse(user.loggedInAt) > FRESH_LOGIN_MS) throw new ApiError(403, WALLET_ERRORS.notFresh);
  return user;
}

export function checkDevice(device: NewDevice): NewDevice {
  if (!isDevicePublicKey(device.devicePublicKey)) throw new ApiError(400, WALLET_ERRORS.invalidDeviceKey, 'device.devicePublicKey');
  return device;
}

/** The address whose key signed the proof for this action, user and device, within the window. */
export async function proofSigner(action: EmbeddedWalletAction, userId: string, device: NewDevice, proof: Proof): Promise<string> {
  const issuedAt = Date.parse(proof.issuedAt);
  if (!Number.isFinite(issuedAt) || Math.abs(Date.now() - issuedAt) > PROOF_WINDOW_MS) throw new ApiError(401, WALLET_ERRORS.staleProof, 'proof');
  const message = proofMessage(action, userId, device, proof);
  try {
    return await recoverMessageAddress({ message, signature: proof.signature });
  } catch {
    throw new ApiError(401, WALLET_ERRORS.badProof, 'proof');
  }
}

const proofMessage = (action: EmbeddedWalletAction, userId: string, device: NewDevice, proof: Proof) =>
  embeddedWalletProofMessage({ action, userId, deviceId: device.deviceId, deviceKey: device.devicePublicKey, issuedAt: proof.issuedAt });

/**
 * What names a proof that may be used once: the hash of the message it signs (not of its signature,
 * which has a second valid form), and until when it could pass the window (when it may be forgotten).
 */
export function proofUse(action: EmbeddedWalletAction, userId: string, device: NewDevice, proof: Proof): { proofHash: string; expiresAt: number } {
  const proofHash = createHash('sha256').update(proofMessage(action, userId, device, proof)).digest('hex');
  return { proofHash, expiresAt: Date.parse(proof.issuedAt) + PROOF_WINDOW_MS };
}
