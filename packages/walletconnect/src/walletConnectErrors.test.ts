import { describe, expect, it } from 'vitest';
import { PairingError, toPairingError, toProviderError } from './walletConnectErrors.ts';

// What sign-client 2.25 rejects with: the wallet's rejectSession answer (getSdkError('USER_REJECTED'))
// and the proposal's expiry (its engine's "Proposal expired", code 0).
const USER_REJECTED = { message: 'User rejected.', code: 5000 };
const PROPOSAL_EXPIRED = { message: 'Proposal expired', code: 0 };

describe('toPairingError', () => {
  it('reads a wallet’s rejection (5000, 4001 or a "rejected" message) as rejected, with EIP-1193’s 4001', () => {
    for (const error of [USER_REJECTED, { code: 4001, message: 'User denied' }, new Error('Request rejected by the user')]) {
      const pairing = toPairingError(error);
      expect(pairing).toBeInstanceOf(PairingError);
      expect(pairing).toMatchObject({ reason: 'rejected', code: 4001, message: 'The wallet declined the connection', cause: error });
    }
  });

  it('reads an expired proposal as expired', () => {
    for (const error of [PROPOSAL_EXPIRED, new Error('Proposal expired')]) {
      expect(toPairingError(error)).toMatchObject({ reason: 'expired', code: undefined, message: 'The QR code expired', cause: error });
    }
  });

  it('reads anything else as failed, keeping its message', () => {
    const boom = new Error('boom');
    expect(toPairingError(boom)).toMatchObject({ reason: 'failed', code: undefined, message: 'boom', cause: boom });
    expect(toPairingError('socket hang up')).toMatchObject({ reason: 'failed', message: 'socket hang up' });
    expect(toPairingError({ code: 1 })).toMatchObject({ reason: 'failed', message: 'The connection failed' });
  });

  it('passes a PairingError through unchanged', () => {
    const timeout = new PairingError('failed', 'The WalletConnect relay did not answer');
    expect(toPairingError(timeout)).toBe(timeout);
  });
});

describe('toProviderError', () => {
  it('turns WalletConnect’s user rejection (5000) into EIP-1193’s 4001, keeping the wallet’s text', () => {
    const error = toProviderError(USER_REJECTED);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4001, message: 'User rejected.' });
    expect(toProviderError({ code: 5000 })).toMatchObject({ code: 4001, message: 'User rejected the request' });
  });

  it('makes an Error of a plain {code, message} and keeps an Error as it is', () => {
    const error = toProviderError({ code: 4100, message: 'Unauthorized' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4100, message: 'Unauthorized' });
    expect(toProviderError({ code: -32000 })).toMatchObject({ code: -32000, message: 'The wallet returned an error' });
    const thrown = Object.assign(new Error('Unsupported method'), { code: 4200 });
    expect(toProviderError(thrown)).toBe(thrown);
  });

  it('passes what is not an object through', () => {
    for (const value of ['boom', 42, null, undefined]) expect(toProviderError(value)).toBe(value);
  });
});
