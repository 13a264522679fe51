// What the cluster suites send, as a visitor's widget and a wallet would: reads, signed sign-ins,
// waits for the cluster to reach a state.
import { buildSiweMessage } from '@cairn/core/siwx';
import { fetchWithRetry } from '@cairn/core/internal';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { privateKeyToAccount } from 'viem/accounts';

export const PROJECT = 'projectId=cairn-local&st=cluster&sv=1';
/** In the server's default SIWX_DOMAINS. */
const SIWX_DOMAIN = '127.0.0.1:5173';
export const account = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey);
export const address = TEST_ACCOUNTS[0]!.address;
/** Limits far above what a suite sends: one test client is a crowd to the per-address limits. */
export const UNREACHED_LIMITS = { RATE_LIMIT_PER_MINUTE: '1000000', NONCE_RATE_LIMIT_PER_MINUTE: '1000000', NONCE_RATE_LIMIT_TOTAL_PER_MINUTE: '1000000' };

/** The routes the suites load: a cached balance, a history page, a wallet search, a sign-in nonce. */
export const routesOf = (url: string) => ({
  balance: `${url}/v1/account/${address}/balance?chainId=eip155:31337&currency=usd&${PROJECT}`,
  history: `${url}/v1/account/${address}/history?chainId=eip155:31337&limit=20&${PROJECT}`,
  wallets: `${url}/getWallets?search=meta&page=1&entries=40&${PROJECT}`,
  nonce: `${url}/auth/v1/nonce?${PROJECT}`,
});

export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A nonce from the server and the sign-in message for it, signed: the body of a verify request. */
export async function signedSignIn(base: string): Promise<{ nonce: string; body: string }> {
  const { nonce } = (await (await fetchWithRetry(`${base}/auth/v1/nonce?${PROJECT}`)).json()) as { nonce: string };
  const message = buildSiweMessage({ domain: SIWX_DOMAIN, address: account.address, statement: 'Sign in to the cluster suite', uri: `http://${SIWX_DOMAIN}`, version: '1', chainId: 31337, nonce, issuedAt: new Date().toISOString() });
  return { nonce, body: JSON.stringify({ message, signature: await account.signMessage({ message }), token: true }) };
}

/** `count` signed sign-ins, prepared `batch` at a time (hundreds of nonces asked at once would be a load run of their own). */
export async function signedSignIns(base: string, count: number, batch = 10): Promise<{ nonce: string; body: string }[]> {
  const prepared: { nonce: string; body: string }[] = [];
  while (prepared.length < count) prepared.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - prepared.length) }, () => signedSignIn(base)))));
  return prepared;
}

export const authenticate = (base: string, body: string) =>
  fetch(`${base}/auth/v1/authenticate?${PROJECT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

/** A POST of JSON with the project's access query. */
export const postJson = (url: string, body: unknown) => fetch(`${url}?${PROJECT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
