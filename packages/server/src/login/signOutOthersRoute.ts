import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { loginLimit } from '../http/rateLimits.ts';
import type { DeviceRequestStore } from './deviceRequestStore.ts';
import { WALLET_ERRORS } from './loginErrors.ts';
import type { LoginStore } from './loginStore.ts';
import { requireLogin } from './requireLogin.ts';
import { PROOF, proofSigner, type Proof } from './walletChecks.ts';
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
 */
export function registerSignOutOthers(app: FastifyInstance, stores: { logins: LoginStore; wallets: WalletStore; requests: DeviceRequestStore }): void {
  const { logins, wallets, requests } = stores;
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
      const signer = await proofSigner('sign-out-others', user.id, { deviceId: device.id, devicePublicKey: device.publicKey, authShare: device.authShare }, request.body.proof);
      if (signer.toLowerCase() !== wallet.address) throw new ApiError(401, WALLET_ERRORS.badProof, 'proof');
      const ended = await logins.endOtherLogins(user.id, token, now);
      await requests.removeOtherLogins(user.id, logins.loginHash(token));
      void reply.header('cache-control', 'no-store');
      return { ended };
    },
  );
}
