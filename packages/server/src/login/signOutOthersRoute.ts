import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { loginLimit } from '../http/rateLimits.ts';
import type { DeviceRequestStore } from './deviceRequestStore.ts';
import { WALLET_ERRORS } from './loginErrors.ts';
import type { LoginStore } from './loginStore.ts';
import { requireLogin } from './requireLogin.ts';
import type { UsedProofStore } from './usedProofStore.ts';
import { PROOF, proofSigner, proofUse, type Proof } from './walletChecks.ts';
import type { WalletStore } from './walletStore.ts';

/** Calls of "sign out everywhere else" one client (an IPv4 address, an IPv6 /64) may make a minute. */
export const SIGN_OUT_OTHERS_PER_MINUTE = 10;

/**
 * "Sign out everywhere else" (session 23), from the devices screen of a device with the wallet open:
 * every other login of the account ends (a taken mailbox's, a lost laptop's), and the new-device
 * requests they made go with them; the caller's own login stays. It takes the caller's live login
 * and the wallet key's `sign-out-others` proof for the caller's enrolled device: a login alone (a
 * taken mailbox) cannot end the owner's logins with one call, where ending them by new logins costs
 * 20 of them. The running frames of the ended logins forget the key at their next liveness check.
 * A proof is used once (session 24): sent again within its window, by any login, it is refused, so one
 * seen in passing cannot end the owner's logins again in favour of another login.
 */
export function registerSignOutOthers(app: FastifyInstance, stores: { logins: LoginStore; wallets: WalletStore; requests: DeviceRequestStore; usedProofs: UsedProofStore }): void {
  const { logins, wallets, requests, usedProofs } = stores;
  app.post<{ Body: { deviceId: string; proof: Proof } }>(
    '/auth/v1/wallet/sign-out-others',
    {
      config: { rateLimit: loginLimit(SIGN_OUT_OTHERS_PER_MINUTE) },
      schema: {
        body: {
          type: 'object',
          required: ['deviceId', 'proof'],
          additionalProperties: false,
          properties: { deviceId: { type: 'string', format: 'uuid', description: 'the enrolled device the caller signs out from' }, proof: PROOF, projectId: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const { token, user } = await requireLogin(logins, request, now);
      const wallet = await wallets.wallet(user.id);
      if (!wallet) throw new ApiError(404, WALLET_ERRORS.noWallet);
      const device = await wallets.device(user.id, request.body.deviceId);
      if (!device) throw new ApiError(404, WALLET_ERRORS.unknownDevice, 'deviceId');
      const signed = { deviceId: device.id, devicePublicKey: device.publicKey, authShare: device.authShare };
      const signer = await proofSigner('sign-out-others', user.id, signed, request.body.proof);
      if (signer.toLowerCase() !== wallet.address) throw new ApiError(401, WALLET_ERRORS.badProof, 'proof');
      const { proofHash, expiresAt } = proofUse('sign-out-others', user.id, signed, request.body.proof);
      if (!(await usedProofs.spend(proofHash, expiresAt, now))) throw new ApiError(401, WALLET_ERRORS.usedProof, 'proof');
      const ended = await logins.endOtherLogins(user.id, token, now);
      await requests.removeOtherLogins(user.id, logins.loginHash(token));
      void reply.header('cache-control', 'no-store');
      return { ended };
    },
  );
}
