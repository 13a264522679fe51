import { isValidEmail, normalizeEmail } from '@cairn/core/internal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { sharedRateLimit } from '../http/rateLimits.ts';
import { loginCodeMail } from '../mail/loginCodeMail.ts';
import type { ServerServices } from '../services.ts';
import { CODE_TTL_MS, EmailCodeStore, type CheckResult, type CodePurpose, type IssueResult } from './emailCodeStore.ts';
import { LOGIN_ERRORS } from './loginErrors.ts';
import { LoginStore } from './loginStore.ts';
import { bearerToken, requireLogin } from './requireLogin.ts';

const EMAIL_BODY = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', maxLength: 320, description: 'an e-mail address' }, projectId: { type: 'string' } },
} as const;
const CODE = { type: 'string', pattern: '^[0-9]{6}$', description: 'the 6-digit code from the e-mail' } as const;

function emailFrom(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new ApiError(400, LOGIN_ERRORS.invalidEmail, 'email');
  return email;
}

/**
 * Log-in without a wallet, by e-mail (issue 14; SPEC §4, §5, §9):
 * POST /auth/v1/email/login {email} sends a one-time code (the same answer whether or not the
 * address is known), POST /auth/v1/email/verify {email, code} logs in; GET /auth/v1/user and
 * POST /auth/v1/user/signout with the login as a bearer token; POST /auth/v1/email/update,
 * /update/primary and /update/secondary change the address (a code to the old, then to the new).
 */
export function registerLogin(app: FastifyInstance, services: ServerServices): void {
  const { login } = services.config;
  const { mailer } = services;
  const codes = new EmailCodeStore(services.db, login.secret, { perAddressPerHour: login.codesPerAddressPerHour });
  const logins = new LoginStore(services.db, login.secret);

  // Each request may send an e-mail: limited per client IP and for all clients together.
  const codeLimits = {
    config: { rateLimit: { max: login.codesPerIp, timeWindow: 60_000 } },
    preHandler: sharedRateLimit(app, 'email-code', login.codesTotal, () => 'all'),
  };

  const refuseIssue = (result: Exclude<IssueResult, { kind: 'issued' }>): never => {
    if (result.kind === 'tooSoon') throw new ApiError(429, LOGIN_ERRORS.tooSoon(result.seconds));
    throw new ApiError(429, LOGIN_ERRORS.addressLimit(result.minutes));
  };
  const refuseCheck = (result: Exclude<CheckResult, { kind: 'ok' }>): never => {
    throw new ApiError(401, result.kind === 'expired' ? LOGIN_ERRORS.codeExpired : result.kind === 'burnt' ? LOGIN_ERRORS.codeBurnt : LOGIN_ERRORS.invalidCode, 'code');
  };

  async function sendCode(purpose: CodePurpose, email: string, bound: { userId?: string; nextEmail?: string }, reply: { header(name: string, value: string): unknown }) {
    if (!mailer) throw new ApiError(503, LOGIN_ERRORS.mailNotConfigured);
    const issued = await codes.issue(purpose, email, Date.now(), bound);
    if (issued.kind !== 'issued') {
      if (issued.kind === 'tooSoon') reply.header('retry-after', String(issued.seconds));
      return refuseIssue(issued);
    }
    try {
      await mailer.send(loginCodeMail({ to: email, code: issued.code, siteName: login.siteName, purpose }));
    } catch (error) {
      await codes.withdraw(purpose, email);
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'login e-mail not sent');
      throw new ApiError(502, LOGIN_ERRORS.mailFailed);
    }
    return { sent: true, expiresInSeconds: CODE_TTL_MS / 1000 };
  }

  const currentLogin = (request: FastifyRequest) => requireLogin(logins, request);

  app.post<{ Body: { email: string } }>('/auth/v1/email/login', { ...codeLimits, schema: { body: EMAIL_BODY } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return sendCode('login', emailFrom(request.body.email), {}, reply);
  });

  app.post<{ Body: { email: string; code: string } }>(
    '/auth/v1/email/verify',
    { schema: { body: { type: 'object', required: ['email', 'code'], additionalProperties: false, properties: { ...EMAIL_BODY.properties, code: CODE } } } },
    async (request, reply) => {
      const email = emailFrom(request.body.email);
      const now = Date.now();
      const checked = await codes.check('login', email, request.body.code, now);
      if (checked.kind !== 'ok') return refuseCheck(checked);
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
  app.post<{ Body: { email: string } }>('/auth/v1/email/update', { ...codeLimits, schema: { body: EMAIL_BODY } }, async (request, reply) => {
    const { user } = await currentLogin(request);
    const next = emailFrom(request.body.email);
    if (!user.email) throw new ApiError(400, LOGIN_ERRORS.noEmail);
    if (next === user.email) throw new ApiError(400, LOGIN_ERRORS.sameEmail, 'email');
    void reply.header('cache-control', 'no-store');
    // The new address is bound to the primary code: the second step mails it.
    const sent = await sendCode('update-primary', user.email, { userId: user.id, nextEmail: next }, reply);
    return { ...sent, step: 'primary' };
  });

  app.post<{ Body: { code: string } }>(
    '/auth/v1/email/update/primary',
    { ...codeLimits, schema: { body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: CODE, projectId: { type: 'string' } } } } },
    async (request, reply) => {
      const { user } = await currentLogin(request);
      if (!user.email) throw new ApiError(400, LOGIN_ERRORS.noEmail);
      const checked = await codes.check('update-primary', user.email, request.body.code, Date.now());
      if (checked.kind !== 'ok') return refuseCheck(checked);
      const next = checked.nextEmail;
      if (checked.userId !== user.id || !next) return refuseCheck({ kind: 'invalid' });
      void reply.header('cache-control', 'no-store');
      const sent = await sendCode('update-secondary', next, { userId: user.id }, reply);
      return { ...sent, step: 'secondary', email: next };
    },
  );

  app.post<{ Body: { email: string; code: string } }>(
    '/auth/v1/email/update/secondary',
    { schema: { body: { type: 'object', required: ['email', 'code'], additionalProperties: false, properties: { ...EMAIL_BODY.properties, code: CODE } } } },
    async (request) => {
      const { user, token } = await currentLogin(request);
      const next = emailFrom(request.body.email);
      const checked = await codes.check('update-secondary', next, request.body.code, Date.now());
      if (checked.kind !== 'ok') return refuseCheck(checked);
      if (checked.userId !== user.id || !user.email) return refuseCheck({ kind: 'invalid' });
      if ((await logins.changeEmail(user.id, user.email, next)) === 'taken') throw new ApiError(409, LOGIN_ERRORS.emailTaken, 'email');
      return { user: await logins.findLogin(token, Date.now()) };
    },
  );
}
