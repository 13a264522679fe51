import { sha256 } from '@noble/hashes/sha2';
import { base32crockford } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { pairingCode } from './deviceHandoff.ts';

const request = { id: '2f1c6a52-9d1e-4d8e-9b7a-0e6a4c1d2b3f', deviceId: '6c3a1f0e-2b4d-4e8f-a1b2-c3d4e5f6a7b8', devicePublicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE', exchangeKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAF' };

describe('pairingCode', () => {
  it('shows 40 bits as two groups of Crockford base32, as an independent encoder writes them (the code before session 21 moved it to core)', () => {
    for (const id of [request.id, '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', '00000000-0000-4000-8000-000000000000']) {
      const text = base32crockford.encode(sha256(new TextEncoder().encode(`cairn-pairing:v2\n${id}\n${request.deviceId}\n${request.devicePublicKey}\n${request.exchangeKey}`)).subarray(0, 5));
      expect(pairingCode({ ...request, id })).toBe(`${text.slice(0, 4)}-${text.slice(4, 8)}`);
    }
  });

  it("depends on the server's request id, which the requester does not choose: the same device and keys asked again show another code", () => {
    expect(pairingCode({ ...request, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' })).not.toBe(pairingCode(request));
    expect(pairingCode({ ...request, exchangeKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAG' })).not.toBe(pairingCode(request));
  });
});
