import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newFarcasterCompletion } from './farcasterCompletion.ts';

describe('newFarcasterCompletion', () => {
  it("makes a fresh 256-bit secret and the SHA-256 the server compares it with (the server's completionHashOf)", async () => {
    const first = await newFarcasterCompletion();
    const second = await newFarcasterCompletion();
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.secret).not.toBe(first.secret);
    // The server hashes the secret's text as node:crypto does here.
    expect(first.hash).toBe(createHash('sha256').update(first.secret).digest('base64url'));
  });
});
