import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS_QUERY, startTestServer, testConfig } from '../testing/testServer.ts';
import { BODY_TYPE_ERRORS, mediaType } from './bodyTypes.ts';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  app = await startTestServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false' }));
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const post = (path: string, payload: string, headers: Record<string, string>) => app.inject({ method: 'POST', url: `${path}?${ACCESS_QUERY}`, payload, headers });
const expect415 = (response: { statusCode: number; json(): unknown }, message: string) => {
  expect(response.statusCode).toBe(415);
  expect(response.json()).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message });
};
const MESSAGE = 'example.com wants you to sign in with your Ethereum account:\n0x0000000000000000000000000000000000000001';

describe('request bodies are JSON only (what a page of another site cannot send without a CORS preflight)', () => {
  it('refuses an HTML form posted to the e-mail login (codes asked for from any site) and to the sign-in (login CSRF)', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect415(await post('/auth/v1/email/login', 'email=victim%40example.com', form), BODY_TYPE_ERRORS.unsupported('application/x-www-form-urlencoded'));
    expect415(await post('/auth/v1/authenticate', new URLSearchParams({ message: MESSAGE, signature: '0x00' }).toString(), form), BODY_TYPE_ERRORS.unsupported('application/x-www-form-urlencoded'));
  });

  it('refuses text/plain and multipart/form-data (the other bodies a form or a no-cors fetch sends), and a body with no content-type', async () => {
    const json = JSON.stringify({ email: 'victim@example.com' });
    expect415(await post('/auth/v1/email/login', json, { 'content-type': 'text/plain;charset=UTF-8' }), BODY_TYPE_ERRORS.unsupported('text/plain'));
    expect415(await post('/auth/v1/email/login', '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nv@example.com\r\n--b--\r\n', { 'content-type': 'multipart/form-data; boundary=b' }), BODY_TYPE_ERRORS.unsupported('multipart/form-data'));
    const untyped = await app.inject({ method: 'POST', url: `/auth/v1/authenticate?${ACCESS_QUERY}`, body: Buffer.from(json) });
    expect415(untyped, BODY_TYPE_ERRORS.missing);
  });

  it('takes JSON, also with a charset, and a POST with no body at all', async () => {
    const response = await post('/auth/v1/authenticate', JSON.stringify({ message: 'hello', signature: '0x00' }), { 'content-type': 'Application/JSON; charset=utf-8' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().field).toBe('message');
    const signOut = await app.inject({ method: 'POST', url: `/auth/v1/signout?${ACCESS_QUERY}` });
    expect(signOut.statusCode).toBe(204);
  });

  it('lets the onramp checkout page post its own form; an unknown route is a 404 whatever its body', async () => {
    const checkout = await post('/onramp/checkout/00000000-0000-4000-8000-000000000000', 'card=4242424242424242', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.headers['content-type']).toMatch(/^text\/html/);
    expect((await post('/v1/nothing-here', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(404);
  });
});

describe('mediaType', () => {
  it('is the type in lower case, without its parameters', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType(' text/plain ')).toBe('text/plain');
    expect(mediaType('')).toBeUndefined();
    expect(mediaType(undefined)).toBeUndefined();
  });
});
