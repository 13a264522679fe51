import { describe, expect, it } from 'vitest';
import { pairingCode, readPairingCode } from './pairingCode.ts';

const request = { id: '2f1c6a52-9d1e-4d8e-9b7a-0e6a4c1d2b3f', deviceId: '6c3a1f0e-2b4d-4e8f-a1b2-c3d4e5f6a7b8', devicePublicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE', exchangeKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAF' };

describe('pairingCode', () => {
  it('shows 40 bits as two groups of Crockford base32, the same for one request', () => {
    expect(pairingCode(request)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(pairingCode({ ...request })).toBe(pairingCode(request));
  });

  it("depends on the server's request id, which the requester does not choose", () => {
    expect(pairingCode({ ...request, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' })).not.toBe(pairingCode(request));
    expect(pairingCode({ ...request, exchangeKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAG' })).not.toBe(pairingCode(request));
  });
});

describe('readPairingCode', () => {
  it('reads a code as typed: any case, with or without the dash or spaces, I and L as 1, O as 0', () => {
    const code = pairingCode(request);
    expect(readPairingCode(code)).toBe(code);
    expect(readPairingCode(` ${code.toLowerCase().replace('-', ' ')} `)).toBe(code);
    expect(readPairingCode('ilo0-abcd')).toBe('1100-ABCD');
  });

  it('refuses what cannot be a code: too short, too long, U or punctuation, a long paste', () => {
    for (const typed of ['', 'ABCD-EFG', 'ABCD-EFGHJ', 'ABCD-EFGU', 'ABCD_EFGH', 'A'.repeat(33)]) expect(readPairingCode(typed)).toBeUndefined();
  });
});
