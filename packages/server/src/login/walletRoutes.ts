import { authShareReleaseMessage } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { ServerServices } from '../services.ts';
import { verifyDeviceSignature } from './deviceSignature.ts';
import { LOGIN_ERRORS, WALLET_ERRORS } from './loginErrors.ts';
import { LoginStore } from './loginStore.ts';
import { bearerToken, requireLogin } from './requireLogin.ts';
import { registerDeviceRequests } from './deviceRequestRoutes.ts';
import { DeviceRequestStore } from './deviceRequestStore.ts';
import { registerSignOutOthers } from './signOutOthersRoute.ts';
import { UsedProofStore } from './usedProofStore.ts';
import { BLOB, checkDevice, DEVICE, freshLogin as freshLoginOf, PROOF, proofSigner, SHARE, type Proof } from './walletChecks.ts';
import { waitText } from './waitText.ts';
import { RECOVERY_RELEASES_PER_DAY, WalletStore, type NewDevice } from './walletStore.ts';

export { FRESH_LOGIN_MS } from './walletChecks.ts';

const DEVICE_ID = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid', description: 'a device id' } } } as const;

export { waitText };

/**
 * The embedded wallet's server side (issue 14): it keeps the wallet's address, one share per
 * device (released only to that device's non-extractable key, after a fresh login) and the
 * server's half of the recovery pair. None of it can sign without a share the browser holds.
 */
export function registerWallet(app: FastifyInstance, services: ServerServices): void {
  const logins = new LoginStore(services.db, services.config.login.secret);
  const wallets = new WalletStore(services.db);
  const freshLogin = (request: Parameters<typeof freshLoginOf>[1]) => freshLoginOf(logins, request);
  const requests = new DeviceRequestStore(services.db);
  const usedProofs = new UsedProofStore(services.db);

  app.get('/auth/v1/wallet', async (request, reply) => {
    const { user } = await requireLogin(logins, request);
    const wallet = await wallets.wallet(user.id);
    void reply.header('cache-control', 'no-store');
    return { wallet: wallet ? { address: getAddress(wallet.address), devices: await wallets.devices(user.id) } : null };
  });

  // The body is custody's ServerWalletRecord (the blob as base64url text) and the wallet key's proof.
  app.post<{ Body: { address: string; recoveryAuthShare: string; recoveryBlob: string; device: NewDevice; proof: Proof } }>(
    '/auth/v1/wallet',
    {
      schema: {
        body: {
          type: 'object',
          required: ['address', 'recoveryAuthShare', 'recoveryBlob', 'device', 'proof'],
          additionalProperties: false,
          properties: {
            address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$', description: 'the wallet address' },
            recoveryAuthShare: SHARE,
            recoveryBlob: BLOB,
            device: DEVICE,
            proof: PROOF,
            projectId: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const user = await freshLogin(request);
      const { address, recoveryAuthShare, recoveryBlob, proof } = request.body;
      const device = checkDevice(request.body.device);
      const signer = await proofSigner('create-wallet', user.id, device, proof);
      if (signer.toLowerCase() !== address.toLowerCase()) throw new ApiError(401, WALLET_ERRORS.badProof, 'proof');
      const created = await wallets.create({ userId: user.id, address, recoveryAuthShare, recoveryBlob, device }, Date.now());
      if (created === 'exists') throw new ApiError(409, WALLET_ERRORS.walletExists);
      await logins.tieToDevice(bearerToken(request)!, device.deviceId);
      return reply.code(201).send({ wallet: { address: getAddress(address) }, deviceId: device.deviceId });
    },
  );

  app.post<{ Body: { device: NewDevice; proof: Proof } }>(
    '/auth/v1/wallet/devices',
    {
      schema: {
        body: {
          type: 'object',
          required: ['device', 'proof'],
          additionalProperties: false,
          properties: { device: DEVICE, proof: PROOF, projectId: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const user = await freshLogin(request);
      const wallet = await wallets.wallet(user.id);
      if (!wallet) throw new ApiError(404, WALLET_ERRORS.noWallet);
      const device = checkDevice(request.body.device);
      // Only the wallet's own key adds a device: a login alone (a taken mailbox) cannot.
      const signer = await proofSigner('add-device', user.id, device, request.body.proof);
      if (signer.toLowerCase() !== wallet.address) throw new ApiError(401, WALLET_ERRORS.badProof, 'proof');
      const added = await wallets.addDevice(user.id, device, Date.now());
      if (added === 'full') throw new ApiError(409, WALLET_ERRORS.tooManyDevices);
      if (added === 'taken') throw new ApiError(409, WALLET_ERRORS.deviceIdTaken, 'device.deviceId');
      // Enrolled by its recovery factor: whatever approval it asked for is no longer wanted.
      await requests.removeForDevice(user.id, device.deviceId);
      await logins.tieToDevice(bearerToken(request)!, device.deviceId);
      return reply.code(201).send({ deviceId: device.deviceId });
    },
  );

  // Only the wallet's own key removes a device (session 17): a login alone (a taken mailbox) that
  // removed the owner's devices, then spent the day's recovery releases, would lock the owner out.
  app.delete<{ Params: { id: string }; Body: { proof?: Proof } | undefined }>(
    '/auth/v1/wallet/devices/:id',
    {
      // A DELETE may come without a body: it is then the empty object, and refused for want of a proof.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { params: DEVICE_ID, body: { type: 'object', additionalProperties: false, properties: { proof: PROOF, projectId: { type: 'string' } } } },
    },
    async (request, reply) => {
      // Any live login of the account (session 21): the wallet key's proof is what counts, and the
      // device with the wallet open that makes it (its devices screen) may have logged in long ago.
      const { user } = await requireLogin(logins, request);
      const wallet = await wallets.wallet(user.id);
      const device = await wallets.device(user.id, request.params.id);
      if (!wallet || !device) throw new ApiError(404, WALLET_ERRORS.unknownDevice);
      const proof = request.body?.proof;
      if (!proof) throw new ApiError(401, WALLET_ERRORS.removeNeedsProof, 'proof');
      const signer = await proofSigner('remove-device', user.id, { deviceId: device.id, devicePublicKey: device.publicKey, authShare: device.authShare }, proof);
      if (signer.toLowerCase() !== wallet.address) throw new ApiError(401, WALLET_ERRORS.badProof, 'proof');
      // Its logins end with it (session 22): a frame still open on it forgets the key at its next signature.
      if (!(await wallets.removeDevice(user.id, device.id, Date.now()))) throw new ApiError(404, WALLET_ERRORS.unknownDevice);
      return reply.code(204).send();
    },
  );

  // The frame's liveness check (session 22), before each signature and when its page is shown again:
  // one indexed read of the login and one of the device, under the per-client request limit
  // (RATE_LIMIT_PER_MINUTE) as every route. 410 when the device was removed (its login ended with
  // it, or still lives), 401 when the login ended otherwise.
  app.get<{ Params: { id: string } }>('/auth/v1/wallet/devices/:id/live', { schema: { params: DEVICE_ID } }, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, LOGIN_ERRORS.noLogin);
    const state = await logins.loginState(token, request.params.id, Date.now());
    if (state === 'removed') throw new ApiError(410, WALLET_ERRORS.deviceRemoved);
    if (state === 'ended') throw new ApiError(401, LOGIN_ERRORS.loginEnded);
    void reply.header('cache-control', 'no-store');
    return { live: true };
  });

  app.post<{ Params: { id: string } }>('/auth/v1/wallet/devices/:id/challenge', { schema: { params: DEVICE_ID } }, async (request, reply) => {
    const user = await freshLogin(request);
    if (!(await wallets.device(user.id, request.params.id))) throw new ApiError(404, WALLET_ERRORS.unknownDevice);
    void reply.header('cache-control', 'no-store');
    return { challenge: await wallets.issueChallenge(request.params.id, Date.now()) };
  });

  app.post<{ Params: { id: string }; Body: { challenge: string; signature: string } }>(
    '/auth/v1/wallet/devices/:id/share',
    {
      schema: {
        params: DEVICE_ID,
        body: {
          type: 'object',
          required: ['challenge', 'signature'],
          additionalProperties: false,
          properties: {
            challenge: { type: 'string', maxLength: 100, description: 'the challenge this server issued' },
            signature: { type: 'string', pattern: '^[A-Za-z0-9_-]{86}$', description: "the device key's P-256 signature (r||s, base64url)" },
            projectId: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const user = await freshLogin(request);
      const now = Date.now();
      const device = await wallets.device(user.id, request.params.id);
      const wallet = await wallets.wallet(user.id);
      if (!device || !wallet) throw new ApiError(404, WALLET_ERRORS.unknownDevice);
      if (!(await wallets.takeChallenge(device.id, request.body.challenge, now))) throw new ApiError(401, WALLET_ERRORS.noChallenge, 'challenge');
      const signed = authShareReleaseMessage({ nonce: request.body.challenge, deviceId: device.id, address: wallet.address });
      if (!(await verifyDeviceSignature(device.publicKey, signed, request.body.signature))) throw new ApiError(401, WALLET_ERRORS.badDeviceSignature, 'signature');
      await wallets.markUsed(device.id, now);
      // This login opened the wallet on this device: removing the device ends it.
      await logins.tieToDevice(bearerToken(request)!, device.id);
      // An approved device has its share: the approval it read is done.
      await requests.removeForDevice(user.id, device.id);
      void reply.header('cache-control', 'no-store');
      return { authShare: device.authShare };
    },
  );

  app.post('/auth/v1/wallet/recovery', async (request, reply) => {
    const user = await freshLogin(request);
    const wallet = await wallets.wallet(user.id);
    if (!wallet) throw new ApiError(404, WALLET_ERRORS.noWallet);
    const now = Date.now();
    const counted = await wallets.countRecoveryRelease(user.id, now);
    if (!counted.allowed) {
      const seconds = Math.max(1, Math.ceil((counted.retryAt - now) / 1000));
      void reply.header('retry-after', String(seconds));
      throw new ApiError(429, WALLET_ERRORS.recoveryLimit(RECOVERY_RELEASES_PER_DAY, waitText(seconds)));
    }
    void reply.header('cache-control', 'no-store');
    return { address: getAddress(wallet.address), recoveryAuthShare: wallet.recovery_auth_share, recoveryBlob: wallet.recovery_blob };
  });
  registerDeviceRequests(app, { logins, wallets, requests, secret: services.config.login.secret });
  registerSignOutOthers(app, { logins, wallets, requests, usedProofs });
}
