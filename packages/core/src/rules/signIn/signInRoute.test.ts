import { describe, expect, it } from 'vitest';
import { signInRoute } from './signInRoute.ts';

describe('signInRoute', () => {
  it("takes the adapter's own sign-in first, then EIP-4361, and none for an adapter with neither", async () => {
    const signIn = async () => ({ message: 'm', signature: 's' });
    expect(signInRoute({ signIn })).toBe('adapter');
    expect(signInRoute({ signIn, signInStandard: 'eip4361' })).toBe('adapter');
    expect(signInRoute({ signInStandard: 'eip4361' })).toBe('eip4361');
    expect(signInRoute({})).toBeUndefined();
  });
});
