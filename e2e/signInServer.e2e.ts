import { describe, expect, inject, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { buildSiweMessage } from '@cairn/core/siwx';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { E2E_PORTS } from './support/ports.ts';

// The server of the running e2e stack, asked as the widget asks it: what it refuses and why.
const server = () => inject('serverUrl');
const access = 'projectId=cairn-local&st=e2e&sv=1';
const account = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey);
const demoHost = `127.0.0.1:${E2E_PORTS.demo}`;

async function nonce(): Promise<string> {
  return ((await (await fetch(`${server()}/auth/v1/nonce?${access}`)).json()) as { nonce: string }).nonce;
}

async function signedMessage(overrides: Partial<Parameters<typeof buildSiweMessage>[0]> = {}) {
  const now = Date.now();
  const message = buildSiweMessage({
    domain: demoHost,
    address: account.address,
    statement: 'Sign in to Trailhead to keep your trail log.',
    uri: `http://${demoHost}`,
    version: '1',
    chainId: 31337,
    nonce: await nonce(),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + 3600_000).toISOString(),
    ...overrides,
  });
  return { message, signature: await account.signMessage({ message }) };
}

const authenticate = (body: { message: string; signature: string }) =>
  fetch(`${server()}/auth/v1/authenticate?${access}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the stack refuses bad sign-ins, saying which check failed', () => {
  it('accepts a fresh message once and refuses the replay', async () => {
    const body = await signedMessage();
    expect((await authenticate(body)).status).toBe(200);
    const replay = await authenticate(body);
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toMatch(/Nonce was not issued by this server or was already used/);
  });

  it('refuses an expired message', async () => {
    const past = Date.now() - 7200_000;
    const response = await authenticate(
      await signedMessage({ issuedAt: new Date(past).toISOString(), expirationTime: new Date(past + 60_000).toISOString() }),
    );
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/expired/);
  });

  it('refuses a message for a domain the site did not configure', async () => {
    const response = await authenticate(await signedMessage({ domain: 'evil.example', uri: 'https://evil.example' }));
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/Domain evil.example is not accepted/);
  });
});
