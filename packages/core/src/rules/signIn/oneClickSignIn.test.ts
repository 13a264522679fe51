import { describe, expect, it } from 'vitest';
import { oneClickSignIn } from './oneClickSignIn.ts';

describe('oneClickSignIn', () => {
  it('authenticates in one approval only when sign-in is on and every namespace is eip155', () => {
    expect(oneClickSignIn({ signInOn: true, backendWritesMessage: false, namespaces: ['eip155'] })).toBe(true);
    expect(oneClickSignIn({ signInOn: false, backendWritesMessage: false, namespaces: ['eip155'] })).toBe(false);
    expect(oneClickSignIn({ signInOn: true, backendWritesMessage: false, namespaces: ['eip155', 'solana'] })).toBe(false);
    expect(oneClickSignIn({ signInOn: true, backendWritesMessage: false, namespaces: [] })).toBe(false);
  });

  it('leaves a backend that writes its own message to connect, then sign', () => {
    expect(oneClickSignIn({ signInOn: true, backendWritesMessage: true, namespaces: ['eip155'] })).toBe(false);
  });
});
