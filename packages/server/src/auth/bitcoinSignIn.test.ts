import { signBip322 } from '@cairn/bitcoin/bip322';
import { buildSignInWithBitcoinMessage, type Caip122SignIn } from '@cairn/core/signIn';
import { BITCOIN_TEST_ACCOUNTS } from '@cairn/devnet';
import { hexToBytes } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import { useSignInTestServer } from '../testing/signInTestServer.ts';
import { testDatabaseKinds } from '../testing/testDatabases.ts';
import { get } from '../testing/testServer.ts';

const SITE = '127.0.0.1:5173';
const REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328';
const MAINNET = '000000000019d6689c085ae165831e93';
const [visitor, other] = BITCOIN_TEST_ACCOUNTS as [(typeof BITCOIN_TEST_ACCOUNTS)[number], (typeof BITCOIN_TEST_ACCOUNTS)[number]];

describe.each(await testDatabaseKinds())('sign-in with a Bitcoin account (BIP-322) on $name', (kind) => {
  const { skip } = kind;
  const { server, authenticate: post, nonce } = useSignInTestServer(kind);
  const messageFor = async (overrides: Partial<Caip122SignIn> = {}) =>
    buildSignInWithBitcoinMessage({
      domain: SITE,
      address: visitor.payment,
      statement: 'Sign in to the Cairn demo',
      uri: `http://${SITE}`,
      version: '1',
      chainId: REGTEST,
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      ...overrides,
    });
  const sign = (message: string, account = visitor, address = visitor.payment) => signBip322({ message, privateKey: hexToBytes(account.secretKey), address, network: 'regtest' });

  it.skipIf(skip)('signs in a payment (P2WPKH) and an ordinals (P2TR) address; the session is on bip122', async () => {
    const message = await messageFor();
    const response = await post({ message, signature: sign(message), token: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session).toMatchObject({ address: visitor.payment, caipNetworkId: `bip122:${REGTEST}` });
    const me = await get(server(), '/auth/v1/me', { authorization: `Bearer ${response.json().session.token}` });
    expect(me.json().session).toMatchObject({ address: visitor.payment, caipNetworkId: `bip122:${REGTEST}` });

    const taproot = await messageFor({ address: visitor.ordinals });
    const signed = await post({ message: taproot, signature: sign(taproot, visitor, visitor.ordinals) });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it.skipIf(skip)('refuses another key, another message, and an address of another network than the Chain ID', async () => {
    const message = await messageFor();
    expect((await post({ message, signature: sign(message, other, other.payment) })).statusCode).toBe(401);
    const another = await messageFor();
    expect((await post({ message: another, signature: sign(message) })).statusCode).toBe(401);
    // A regtest (bcrt1) address signed in on mainnet: it is not a mainnet address.
    const onMainnet = await messageFor({ chainId: MAINNET });
    expect((await post({ message: onMainnet, signature: sign(onMainnet) })).statusCode).toBe(401);
  });

  it.skipIf(skip)('answers 400 for a signature that is not base64, or is too long', async () => {
    const message = await messageFor();
    for (const signature of ['not base64!', 'A'.repeat(5000)]) {
      const response = await post({ message, signature });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ field: 'signature' });
    }
  });
});
