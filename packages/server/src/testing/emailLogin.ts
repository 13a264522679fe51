import { solveEmailCodeChallenge, type EmailCodeProof } from '@cairn/core/internal';
import { codeFromMail, type MailSink, type ReceivedMail } from '@cairn/devnet/mail';
import type { FastifyInstance } from 'fastify';
import { ACCESS_QUERY } from './testServer.ts';

/** Who sends a request: another client IP is another requester (SPEC §5's 30 s is per requester). */
export type From = { remoteAddress?: string };

/** A POST with the access query, as JSON, optionally from another IP or with a login. */
export function postJson(app: FastifyInstance, path: string, body: unknown, options: From & { token?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `${path}?${ACCESS_QUERY}`,
    payload: body as object,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** A code's price for the address, paid: the server's challenge, solved as the frame solves it. */
export async function paidProof(app: FastifyInstance, email: string, from: From = {}): Promise<EmailCodeProof & { difficulty: number }> {
  const response = await postJson(app, '/auth/v1/email/challenge', { email }, from);
  if (response.statusCode !== 200) throw new Error(`challenge refused: ${response.statusCode} ${response.body}`);
  const { challenge, difficulty } = response.json() as { challenge: string; difficulty: number };
  return { ...(await solveEmailCodeChallenge(challenge, difficulty)), difficulty };
}

/** Asks for a login code as the frame does (challenge, proof, request) and reads it from the mailbox. */
export async function requestLoginCode(app: FastifyInstance, mailbox: MailSink, email: string, from: From = {}): Promise<{ attemptId: string; code: string; mail: ReceivedMail }> {
  const after = mailbox.messages().at(-1)?.id ?? 0;
  const { challenge, nonce } = await paidProof(app, email, from);
  const response = await postJson(app, '/auth/v1/email/login', { email, proof: { challenge, nonce } }, from);
  if (response.statusCode !== 200) throw new Error(`code request refused: ${response.statusCode} ${response.body}`);
  const mail = await mailbox.waitForMail((received) => received.to.includes(email) && received.id > after);
  return { attemptId: (response.json() as { attemptId: string }).attemptId, code: codeFromMail(mail), mail };
}

/** A login by e-mail code, start to end. */
export async function logInByEmail(app: FastifyInstance, mailbox: MailSink, email: string): Promise<{ email: string; token: string; user: { id: string; email: string } }> {
  const { attemptId, code } = await requestLoginCode(app, mailbox, email);
  const response = await postJson(app, '/auth/v1/email/verify', { email, attemptId, code });
  if (response.statusCode !== 200) throw new Error(`login refused: ${response.statusCode} ${response.body}`);
  return { email, ...(response.json() as { token: string; user: { id: string; email: string } }) };
}
