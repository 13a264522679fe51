import { isDevicePublicKey, readPairingCode, requesterDevice } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { WALLET_ERRORS } from './loginErrors.ts';
import { PAIRING_CODE_TRIES, type LoginStore } from './loginStore.ts';
import { bearerToken, requireLogin } from './requireLogin.ts';
import { requesterNetworkHash } from './requesterNetwork.ts';
import { waitText } from './waitText.ts';
import type { DeviceRequest, DeviceRequestStore } from './deviceRequestStore.ts';
import { checkDevice, DEVICE, DEVICE_KEY, freshLogin, PROOF, proofSigner, type Proof } from './walletChecks.ts';
import type { NewDevice, WalletStore } from './walletStore.ts';

const REQUEST_ID = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid', description: 'a device request id' } } } as const;
/** The device share sealed to the new device's exchange key (ECDH P-256 + HKDF + AES-GCM): opaque here. */
const SEALED_SHARE = {
  type: 'object',
  required: ['ephemeralKey', 'iv', 'ciphertext'],
  additionalProperties: false,
  properties: {
    ephemeralKey: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' },
    iv: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
    ciphertext: { type: 'string', maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' },
  },
} as const;
type SealedShare = { ephemeralKey: string; iv: string; ciphertext: string };

const shown = (request: DeviceRequest) => ({ id: request.id, deviceId: request.deviceId, devicePublicKey: request.devicePublicKey, exchangeKey: request.exchangeKey, createdAt: new Date(request.createdAt).toISOString() });
/**
 * A request as the open device finds it (session 25): what it can honestly be told of the
 * requester, its User-Agent's browser and system, and whether it asked from the finding device's
 * network. Never either address, nor the hash.
 */
const shownToFinder = (request: DeviceRequest, finderNetwork: string) => ({
  ...shown(request),
  requester: { browser: request.requester.browser, system: request.requester.system, sameNetwork: request.requester.network === finderNetwork },
});

/**
 * A new device asks a device that has the wallet open (issue 27): it posts its public keys after a
 * fresh login and shows its pairing code; the owner's open device finds the request by that code,
 * typed by the person (session 21), and approves it with the wallet key's
 * proof for it (a login alone, a taken mailbox, cannot) and its device share sealed to the new
 * device's exchange key; the new device reads it back. The server never sees a share it could use.
 */
export function registerDeviceRequests(app: FastifyInstance, stores: { logins: LoginStore; wallets: WalletStore; requests: DeviceRequestStore; secret: Uint8Array }): void {
  const { logins, wallets, requests, secret } = stores;

  app.post<{ Body: { deviceId: string; devicePublicKey: string; exchangeKey: string } }>(
    '/auth/v1/wallet/device-requests',
    {
      schema: {
        body: {
          type: 'object',
          required: ['deviceId', 'devicePublicKey', 'exchangeKey'],
          additionalProperties: false,
          properties: { deviceId: { type: 'string', format: 'uuid' }, devicePublicKey: DEVICE_KEY, exchangeKey: DEVICE_KEY, projectId: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const user = await freshLogin(logins, request);
      if (!(await wallets.wallet(user.id))) throw new ApiError(404, WALLET_ERRORS.noWallet);
      const { deviceId, devicePublicKey, exchangeKey } = request.body;
      if (!isDevicePublicKey(devicePublicKey)) throw new ApiError(400, WALLET_ERRORS.invalidDeviceKey, 'devicePublicKey');
      if (!isDevicePublicKey(exchangeKey)) throw new ApiError(400, WALLET_ERRORS.invalidExchangeKey, 'exchangeKey');
      // freshLogin found the bearer token: the request is this login's, bounded per login.
      const requester = { ...requesterDevice(request.headers['user-agent']), network: requesterNetworkHash(secret, request.ip) };
      const created = await requests.create(user.id, logins.loginHash(bearerToken(request)!), { deviceId, devicePublicKey, exchangeKey, requester }, Date.now());
      if (created === 'full') throw new ApiError(429, WALLET_ERRORS.tooManyDeviceRequests);
      return reply.code(201).send({ request: shown(created) });
    },
  );

  // The owner's open device finds the request by the code the person types from the new device's
  // screen (session 21): no device lists the account's requests, so no one's requests crowd the
  // owner's out, and no pushed prompt can be flooded. Its login may be old (the approval's proof is
  // what counts); each code typed spends one of this login's tries, never another login's.
  app.post<{ Body: { code: string } }>(
    '/auth/v1/wallet/device-requests/find',
    { schema: { body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', maxLength: 32 }, projectId: { type: 'string' } } } } },
    async (request, reply) => {
      const { token, user } = await requireLogin(logins, request);
      const code = readPairingCode(request.body.code);
      if (!code) throw new ApiError(400, WALLET_ERRORS.invalidPairingCode, 'code');
      const now = Date.now();
      const tried = await logins.takeCodeTry(token, now);
      if (!tried.allowed) {
        const seconds = Math.max(1, Math.ceil((tried.retryAt - now) / 1000));
        void reply.header('retry-after', String(seconds));
        throw new ApiError(429, WALLET_ERRORS.pairingCodeTries(PAIRING_CODE_TRIES, waitText(seconds)));
      }
      const found = await requests.findByCode(user.id, code, now);
      // A right code keeps its try spent: given back, a login's own request's code typed between
      // guesses bought them back without end (the lead's read of session 21's change).
      if (!found) throw new ApiError(404, WALLET_ERRORS.unknownPairingCode, 'code');
      void reply.header('cache-control', 'no-store');
      return { request: shownToFinder(found, requesterNetworkHash(secret, request.ip)) };
    },
  );

  app.get<{ Params: { id: string } }>('/auth/v1/wallet/device-requests/:id', { schema: { params: REQUEST_ID } }, async (request, reply) => {
    const user = await freshLogin(logins, request);
    const found = await requests.find(user.id, request.params.id, Date.now());
    if (!found) throw new ApiError(404, WALLET_ERRORS.unknownDeviceRequest);
    void reply.header('cache-control', 'no-store');
    if (!found.sealedShare) return { status: 'pending' };
    // Not removed on reading (session 17): another login of the account (a taken mailbox) reading it
    // first would take the approval away from the device it is sealed to, which alone can open it.
    // It goes when that device first unlocks (its share released), or with the request's 10 minutes.
    return { status: 'approved', sealedShare: JSON.parse(found.sealedShare) as SealedShare };
  });

  app.post<{ Params: { id: string }; Body: { device: NewDevice; sealedShare: SealedShare; proof: Proof } }>(
    '/auth/v1/wallet/device-requests/:id/approve',
    {
      schema: {
        params: REQUEST_ID,
        body: { type: 'object', required: ['device', 'sealedShare', 'proof'], additionalProperties: false, properties: { device: DEVICE, sealedShare: SEALED_SHARE, proof: PROOF, projectId: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const { user } = await requireLogin(logins, request);
      const now = Date.now();
      const wallet = await wallets.wallet(user.id);
      if (!wallet) throw new ApiError(404, WALLET_ERRORS.noWallet);
      const found = await requests.find(user.id, request.params.id, now);
      if (!found) throw new ApiError(404, WALLET_ERRORS.unknownDeviceRequest);
      if (found.sealedShare) throw new ApiError(409, WALLET_ERRORS.deviceRequestAnswered);
      const device = checkDevice(request.body.device);
      if (device.deviceId !== found.deviceId || device.devicePublicKey !== found.devicePublicKey) throw new ApiError(400, WALLET_ERRORS.deviceRequestMismatch, 'device');
      // Only the wallet's own key approves: a login alone (a taken mailbox) cannot.
      const signer = await proofSigner('add-device', user.id, device, request.body.proof);
      if (signer.toLowerCase() !== wallet.address) throw new ApiError(401, WALLET_ERRORS.badProof, 'proof');
      const added = await wallets.addDevice(user.id, device, now);
      if (added === 'full') throw new ApiError(409, WALLET_ERRORS.tooManyDevices);
      if (added === 'taken') throw new ApiError(409, WALLET_ERRORS.deviceIdTaken, 'device.deviceId');
      if (!(await requests.approve(user.id, found.id, JSON.stringify(request.body.sealedShare)))) {
        await wallets.removeDevice(user.id, device.deviceId, now);
        throw new ApiError(409, WALLET_ERRORS.deviceRequestAnswered);
      }
      return reply.code(201).send({ deviceId: device.deviceId });
    },
  );
}
