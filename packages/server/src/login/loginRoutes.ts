import { EMAIL_CODE_DIGITS, EMAIL_CODE_PATTERN, isValidEmail, normalizeEmail, PROOF_NONCE, type EmailCodeProof } from '@cairn/core/internal';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork } from '../http/clientNetwork.ts';
import { ApiError } from '../http/errors.ts';
import { loginLimit, sharedRateLimit } from '../http/rateLimits.ts';
import { loginCodeMail } from '../mail/loginCodeMail.ts';
import type { ServerServices } from '../services.ts';
import { CHALLENGE_TTL_MS, emailCodeDifficulty, issueEmailCodeChallenge, proofStillPays, readEmailCodeProof } from './emailCodeChallenge.ts';
import { CODE_TTL_MS, EmailCodeStore, type CodeRequest } from './emailCodeStore.ts';
import { LOGIN_ERRORS } from './loginErrors.ts';
import { LoginStore } from './loginStore.ts';
import { bearerToken, requireLogin } from './requireLogin.ts';

const EMAIL = { type: 'string', maxLength: 320, description: 'an e-mail address' } as const;
const PROJECT_ID = { type: 'string' } as const;
const EMAIL_BODY = { type: 'object', required: ['email'], additionalProperties: false, properties: { email: EMAIL, projectId: PROJECT_ID } } as const;
const CODE = { type: 'string', pattern: EMAIL_CODE_PATTERN, description: `the ${EMAIL_CODE_DIGITS}-digit code from the e-mail` } as const;
const ATTEMPT_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$', description: 'the attemptId the code request answered' } as const;
const PROOF = {
  type: 'object',
  required: ['challenge', 'nonce'],
  additionalProperties: false,
  description: 'a solved challenge from POST /auth/v1/email/challenge for the address the code goes to',
  properties: { challenge: { type: 'string', maxLength: 200 }, nonce: { type: 'string', pattern: PROOF_NONCE.source } },
} as const;
const body = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'object', required: Object.keys(properties), additionalProperties: false, properties: { ...properties, projectId: PROJECT_ID } }) as const;

function emailFrom(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new ApiError(400, LOGIN_ERRORS.invalidEmail, 'email');
  return email;
}

/**
 * Log-in without a wallet, by e-mail (issue 14; SPEC §4, §5, §9; issue 22 item 5):
 * POST /auth/v1/email/challenge {email} prices a code to the address (a proof of work), POST
 * /auth/v1/email/login {email, proof} mails a code and answers the attempt's id (the same answer
 * whether or not the address is known), POST /auth/v1/email/verify {email, attemptId, code} logs
 * in; GET /auth/v1/user and POST /auth/v1/user/signout with the login as a bearer token; POST
 * /auth/v1/email/update, /update/primary and /update/secondary change the address (a code to the
 * old, then to the new, each paid for and bound to its attempt).
 */
export function registerLogin(app: FastifyInstance, services: ServerServices): void {
  const { login } = services.config;
  const { mailer } = services;
  const codes = new EmailCodeStore(services.db, login.secret);
  const logins = new LoginStore(services.db, login.secret);

  // Each request may send an e-mail: limited per client IP and for all clients together.
  const codeLimits = {
    config: { rateLimit: loginLimit(login.codesPerIp) },
    preHandler: sharedRateLimit(app, 'email-code', login.codesTotal, () => 'all'),
  };

  const refuseCheck = (): never => {
    throw new ApiError(401, LOGIN_ERRORS.invalidCode, 'code');
  };

  const configuredMailer = () => {
    if (!mailer) throw new ApiError(503, LOGIN_ERRORS.mailNotConfigured);
    return mailer;
  };

  /** Checks that the proof pays for a code to this address now, before anything is spent. */
  async function paidFor(email: string, proof: EmailCodeProof, now: number): Promise<string> {
    configuredMailer();
    const reading = readEmailCodeProof(login.secret, email, proof, now);
    if (reading.kind === 'invalid') throw new ApiError(400, LOGIN_ERRORS.proofInvalid, 'proof');
    if (reading.kind === 'expired' || !proofStillPays(reading.difficulty, await codes.recentCodes(email, now), login.codesPerAddressPerHour)) {
      throw new ApiError(409, LOGIN_ERRORS.proofStale, 'proof');
    }
    return reading.proofHash;
  }

  async function sendCode(request: Omit<CodeRequest, 'proofHash'>, proofHash: string, now: number, reply: FastifyReply) {
    const sender = configuredMailer();
    const issued = await codes.issue({ ...request, proofHash }, now);
    if (issued.kind === 'tooSoon') {
      void reply.header('retry-after', String(issued.seconds));
      throw new ApiError(429, LOGIN_ERRORS.tooSoon(issued.seconds));
    }
    if (issued.kind === 'proofUsed') throw new ApiError(409, LOGIN_ERRORS.proofStale, 'proof');
    try {
      await sender.send(loginCodeMail({ to: request.email, code: issued.code, siteName: login.siteName, purpose: request.purpose }));
    } catch (error) {
      await codes.withdraw(issued.attemptId, request);
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'login e-mail not sent');
      throw new ApiError(502, LOGIN_ERRORS.mailFailed);
    }
    void reply.header('cache-control', 'no-store');
    return { sent: true, expiresInSeconds: CODE_TTL_MS / 1000, attemptId: issued.attemptId };
  }

  const currentLogin = (request: FastifyRequest) => requireLogin(logins, request);

  // Stateless and cheap to answer; its price reads the address's codes of the last hour.
  app.post<{ Body: { email: string } }>(
    '/auth/v1/email/challenge',
    { config: { rateLimit: loginLimit(login.codesPerIp * 3) }, schema: { body: EMAIL_BODY } },
    async (request, reply) => {
      configuredMailer();
      const email = emailFrom(request.body.email);
      const now = Date.now();
      const difficulty = emailCodeDifficulty(await codes.recentCodes(email, now), login.codesPerAddressPerHour);
      void reply.header('cache-control', 'no-store');
      return { challenge: issueEmailCodeChallenge(login.secret, email, difficulty, now), difficulty, expiresInSeconds: CHALLENGE_TTL_MS / 1000 };
    },
  );

  app.post<{ Body: { email: string; proof: EmailCodeProof } }>('/auth/v1/email/login', { ...codeLimits, schema: { body: body({ email: EMAIL, proof: PROOF }) } }, async (request, reply) => {
    const email = emailFrom(request.body.email);
    const now = Date.now();
    const proofHash = await paidFor(email, request.body.proof, now);
    return sendCode({ purpose: 'login', email, requester: `ip:${clientNetwork(request.ip)}` }, proofHash, now, reply);
  });

  app.post<{ Body: { email: string; attemptId: string; code: string } }>(
    '/auth/v1/email/verify',
    { schema: { body: body({ email: EMAIL, attemptId: ATTEMPT_ID, code: CODE }) } },
    async (request, reply) => {
      const email = emailFrom(request.body.email);
      const now = Date.now();
      const checked = await codes.check('login', email, request.body.attemptId, request.body.code, now);
      if (checked.kind !== 'ok') return refuseCheck();
      const user = await logins.userFor('email', email, email, now);
      const token = await logins.createLogin(user.id, 'email', now, login.sessionTtlSeconds * 1000);
      void reply.header('cache-control', 'no-store');
      return { token, user: await logins.findLogin(token, now) };
    },
  );

  app.get('/auth/v1/user', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { user: (await currentLogin(request)).user };
  });

  app.post('/auth/v1/user/signout', async (request, reply) => {
    const token = bearerToken(request);
    if (token) await logins.endLogin(token, Date.now());
    return reply.code(204).send();
  });

  // SPEC §4: an e-mail update is a code to the current address, then a code to the new one.
  app.post<{ Body: { email: string; proof: EmailCodeProof } }>('/auth/v1/email/update', { ...codeLimits, schema: { body: body({ email: EMAIL, proof: PROOF }) } }, async (request, reply) => {
    const { user } = await currentLogin(request);
    const next = emailFrom(request.body.email);
    if (!user.email) throw new ApiError(400, LOGIN_ERRORS.noEmail);
    if (next === user.email) throw new ApiError(400, LOGIN_ERRORS.sameEmail, 'email');
    const now = Date.now();
    // The proof pays for this code, to the current address; the new address is bound to it: the second step mails it.
    const proofHash = await paidFor(user.email, request.body.proof, now);
    const sent = await sendCode({ purpose: 'update-primary', email: user.email, requester: `user:${user.id}`, userId: user.id, nextEmail: next }, proofHash, now, reply);
    return { ...sent, step: 'primary' };
  });

  app.post<{ Body: { email: string; attemptId: string; code: string; proof: EmailCodeProof } }>(
    '/auth/v1/email/update/primary',
    { ...codeLimits, schema: { body: body({ email: EMAIL, attemptId: ATTEMPT_ID, code: CODE, proof: PROOF }) } },
    async (request, reply) => {
      const { user } = await currentLogin(request);
      if (!user.email) throw new ApiError(400, LOGIN_ERRORS.noEmail);
      const next = emailFrom(request.body.email);
      const now = Date.now();
      // The proof (for the new address) is checked before the code is spent.
      const proofHash = await paidFor(next, request.body.proof, now);
      const checked = await codes.check('update-primary', user.email, request.body.attemptId, request.body.code, now);
      if (checked.kind !== 'ok' || checked.userId !== user.id || checked.nextEmail !== next) return refuseCheck();
      const sent = await sendCode({ purpose: 'update-secondary', email: next, requester: `user:${user.id}`, userId: user.id }, proofHash, now, reply);
      return { ...sent, step: 'secondary', email: next };
    },
  );

  app.post<{ Body: { email: string; attemptId: string; code: string } }>(
    '/auth/v1/email/update/secondary',
    { schema: { body: body({ email: EMAIL, attemptId: ATTEMPT_ID, code: CODE }) } },
    async (request) => {
      const { user, token } = await currentLogin(request);
      const next = emailFrom(request.body.email);
      const checked = await codes.check('update-secondary', next, request.body.attemptId, request.body.code, Date.now());
      if (checked.kind !== 'ok' || checked.userId !== user.id || !user.email) return refuseCheck();
      if ((await logins.changeEmail(user.id, user.email, next)) === 'taken') throw new ApiError(409, LOGIN_ERRORS.emailTaken, 'email');
      return { user: await logins.findLogin(token, Date.now()) };
    },
  );
}
