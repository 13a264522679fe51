import { buildSiweMessage } from '@cairn/core/siwx';
import { describe, expect, it } from 'vitest';
import { otherSiteSignInText, signInWarning } from './signInWarning.ts';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const site = 'https://app.example.com';
const siwe = (domain: string, uri: string, scheme?: string) =>
  buildSiweMessage({ ...(scheme ? { scheme } : {}), domain, address, statement: 'Sign in to the app.', uri, version: '1', chainId: 1, nonce: 'n0nce1234', issuedAt: '2025-01-01T00:00:00Z' });

describe('a sign-in message for another site', () => {
  it('says nothing for a sign-in to the site asking, or for a message that is no sign-in', () => {
    expect(signInWarning(siwe('app.example.com', 'https://app.example.com/login'), site)).toBeUndefined();
    expect(signInWarning(siwe('app.example.com', 'https://app.example.com', 'https'), site)).toBeUndefined();
    // Default port and case are the same origin.
    expect(signInWarning(siwe('App.Example.com:443', 'https://app.example.com/'), site)).toBeUndefined();
    expect(signInWarning(siwe('127.0.0.1:5173', 'http://127.0.0.1:5173/'), 'http://127.0.0.1:5173')).toBeUndefined();
    expect(signInWarning('Hello, sign this', site)).toBeUndefined();
    expect(signInWarning('app.example.com wants you to sign in', site)).toBeUndefined();
  });

  it("warns when the domain is another site's, as MetaMask does", () => {
    expect(signInWarning(siwe('bank.example', 'https://app.example.com/'), site)).toBe('This site is asking you to sign in to another site: bank.example');
    expect(signInWarning(siwe('example.com', 'https://app.example.com/'), site)).toBe(otherSiteSignInText('example.com')); // a parent domain is another site
    expect(signInWarning(siwe('app.example.com:8443', 'https://app.example.com/'), site)).toBe(otherSiteSignInText('app.example.com:8443'));
    expect(signInWarning(siwe('app.example.com', 'https://app.example.com/', 'http'), site)).toBe(otherSiteSignInText('http://app.example.com'));
    // A long one is cut, so it cannot push the screen's rows away.
    const long = `${'a'.repeat(300)}.example`;
    expect(signInWarning(siwe(long, 'https://app.example.com/'), site)).toBe(`This site is asking you to sign in to another site: ${long.slice(0, 256)}…`);
  });

  it('warns when the URI is on another origin, though the domain is the site', () => {
    expect(signInWarning(siwe('app.example.com', 'https://bank.example/login'), site)).toBe(otherSiteSignInText('https://bank.example/login'));
    expect(signInWarning(siwe('app.example.com', 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'), site)).toBe(
      otherSiteSignInText('did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'),
    );
  });

  it('reads sign-in texts of other namespaces (CAIP-122) and messages that bend the grammar to escape the check', () => {
    const solana = `bank.example wants you to sign in with your Solana account:\n7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv\n\nSign in.\n\nURI: https://bank.example`;
    expect(signInWarning(solana, site)).toBe(otherSiteSignInText('bank.example'));
    // No blank lines, no fields: the first line still names the domain.
    expect(signInWarning('bank.example wants you to sign in with your Ethereum account:', site)).toBe(otherSiteSignInText('bank.example'));
    // A broken layout (the fields out of place) still has its URI read.
    expect(signInWarning(`app.example.com wants you to sign in with your Ethereum account:\n${address}\nURI: https://bank.example\n\nNonce: 1`, site)).toBe(otherSiteSignInText('https://bank.example'));
    // An authority with user info or a path is no authority of the site.
    expect(signInWarning(siwe('app.example.com', 'https://app.example.com/').replace(/^app\.example\.com/, 'app.example.com@bank.example'), site)).toBe(
      otherSiteSignInText('app.example.com@bank.example'),
    );
    expect(signInWarning(siwe('app.example.com', 'https://app.example.com/').replace(/^app\.example\.com/, 'app.example.com/x'), site)).toBe(otherSiteSignInText('app.example.com/x'));
  });
});
