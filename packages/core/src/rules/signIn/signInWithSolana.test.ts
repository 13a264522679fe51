import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SignInMessageError, signInAccountLabel, type Caip122SignIn } from './caip122Message.ts';
import {
  buildSignInWithSolanaMessage,
  createSignInWithSolanaText,
  parseSignInWithSolanaText,
  readSignInWithSolanaMessage,
  signInWithSolanaChainId,
  solanaChainReference,
} from './signInWithSolana.ts';

const vector = <T>(path: string) => JSON.parse(readFileSync(new URL(`../../../../../vectors/${path}`, import.meta.url), 'utf8')) as T;

// shared/vectors/README.md §7: the Wallet Standard's create/parse cases (address "A" is a placeholder).
const siws = vector<{ wallet_standard_create_parse_vectors: { name: string; parsed: Record<string, string>; text: string }[] }>(
  'solana/siws_sign_in_with_solana.json',
);
// §2: CAIP-122's examples; the spec's Solana plaintext and its base64url blob disagree on the Chain ID.
const caip122 = vector<{ examples: { name: string; message: string; base64url_in_spec?: string; base64url_matches_message?: boolean }[] }>(
  'caip/caip122_siwx_examples.json',
);
const [ethereumExample, caipSolanaExample, solanaProfileExample] = caip122.examples;

const ADDRESS = 'GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1';
const signIn: Caip122SignIn = {
  domain: 'service.org',
  address: ADDRESS,
  statement: 'I accept the ServiceOrg Terms of Service: https://service.org/tos',
  uri: 'https://service.org/login',
  version: '1',
  chainId: '1',
  nonce: '32891757',
  issuedAt: '2021-09-30T16:25:24.000Z',
  resources: ['ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu', 'https://example.com/my-web2-claim.json'],
};

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SignInMessageError);
    return (error as SignInMessageError).field;
  }
  throw new Error('expected a SignInMessageError');
};

describe('Sign In With Solana text (Wallet Standard vectors)', () => {
  it.each(siws.wallet_standard_create_parse_vectors.map((entry) => [entry.name, entry] as const))('%s: writes and reads the text both ways', (_name, entry) => {
    expect(createSignInWithSolanaText(entry.parsed as never)).toBe(entry.text);
    expect(parseSignInWithSolanaText(entry.text)).toEqual(entry.parsed);
  });
});

describe('Sign In With Solana messages (CAIP-122 vectors)', () => {
  it('builds the solana profile example byte for byte, and its base64url blob is the same text', () => {
    const message = buildSignInWithSolanaMessage(signIn);
    expect(message).toBe(solanaProfileExample!.message);
    expect(Buffer.from(solanaProfileExample!.base64url_in_spec!, 'base64url').toString('utf8')).toBe(message);
    expect(readSignInWithSolanaMessage(message)).toEqual(signIn);
  });

  it("reads CAIP-122's generic layout (Chain ID after Issued At), whose blob disagrees with its text", () => {
    expect(caipSolanaExample!.base64url_matches_message).toBe(false);
    const read = readSignInWithSolanaMessage(caipSolanaExample!.message);
    expect(read).toEqual({ ...signIn, chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d' });
    expect(solanaChainReference(read.chainId)).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
  });

  it('names the account family of the first line, and refuses an Ethereum message as a Solana one', () => {
    expect(signInAccountLabel(ethereumExample!.message)).toBe('Ethereum');
    expect(signInAccountLabel(solanaProfileExample!.message)).toBe('Solana');
    expect(signInAccountLabel('hello')).toBeUndefined();
    expect(fieldOf(() => readSignInWithSolanaMessage(ethereumExample!.message))).toBe('domain');
  });
});

describe('Sign In With Solana: what a sign-in needs', () => {
  const text = buildSignInWithSolanaMessage(signIn);
  it.each([
    ['an address that is not base58', text.replace(ADDRESS, '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'), 'address'],
    ['no nonce', text.replace('Nonce: 32891757\n', ''), 'nonce'],
    ['a short nonce', text.replace('Nonce: 32891757', 'Nonce: 1234'), 'nonce'],
    ['no URI', text.replace('URI: https://service.org/login\n', ''), 'uri'],
    ['version 2', text.replace('Version: 1', 'Version: 2'), 'version'],
    ['a date that does not exist', text.replace('2021-09-30T16', '2021-02-31T16'), 'issuedAt'],
    ['fields out of order', text.replace('Version: 1\nChain ID: 1', 'Chain ID: 1\nVersion: 1'), 'version'],
    ['a repeated field', text.replace('Nonce: 32891757', 'Nonce: 32891757\nNonce: 32891758'), 'nonce'],
    ['a trailing line', `${text}\n`, 'message'],
    ['a statement over several lines', text.replace('Terms of Service:', 'Terms\n\nof Service:'), 'statement'],
    ['no blank line after the address', text.replace(`${ADDRESS}\n\n`, `${ADDRESS}\n`), 'statement'],
    ['a text far too long', text + 'x'.repeat(40_000), 'message'],
  ])('refuses %s', (_name, message, field) => {
    expect(fieldOf(() => readSignInWithSolanaMessage(message))).toBe(field);
  });

  it('refuses to build from invalid fields, naming the field', () => {
    expect(fieldOf(() => buildSignInWithSolanaMessage({ ...signIn, statement: 'two\nlines' }))).toBe('statement');
    expect(fieldOf(() => buildSignInWithSolanaMessage({ ...signIn, address: 'O0Il' }))).toBe('address');
    expect(fieldOf(() => buildSignInWithSolanaMessage({ ...signIn, expirationTime: 'tomorrow' }))).toBe('expirationTime');
  });

  it("maps SIWS's cluster names and CAIP-2 references both ways", () => {
    expect(signInWithSolanaChainId('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('mainnet');
    expect(signInWithSolanaChainId('localnet')).toBe('localnet');
    expect(signInWithSolanaChainId('SomeOtherGenesis')).toBe('SomeOtherGenesis');
    expect(solanaChainReference('solana:devnet')).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(solanaChainReference('localnet')).toBe('localnet');
    expect(solanaChainReference('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z');
  });
});
