import { describe, expect, it } from 'vitest';
import { readVector } from '../testing/readVector.ts';
import * as errors from './errors.ts';

const vectors = readVector<{
  eip1193_provider_errors: { code: number; metamask_message: string }[];
  eip1474_jsonrpc_errors: { code: number }[];
  other_wallet_error_codes: { code: number; name?: string }[];
}>('provider/eip1193_eip1474_error_codes.json');
const messageFor = (code: number) => vectors.eip1193_provider_errors.find((entry) => entry.code === code)!.metamask_message;

describe('test wallet errors', () => {
  it.each([
    [4001, errors.userRejected()],
    [4100, errors.unauthorized()],
    [4200, errors.unsupportedMethod('eth_sign')],
    [4900, errors.disconnected()],
    [4901, errors.chainDisconnected(1)],
  ])('%i carries the EIP-1193 code and MetaMask’s message', (code, error) => {
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(Number.isInteger(error.code)).toBe(true);
    expect(error.message).toBe(messageFor(code));
  });

  it('uses 4902 for an unrecognized chain, naming the chain', () => {
    const expected = vectors.other_wallet_error_codes.find((entry) => entry.code === 4902)!;
    const error = errors.unrecognizedChain('0x7a6a');
    expect(error.code).toBe(expected.code);
    expect(error.message).toMatch(new RegExp(`^${expected.name}`));
    expect(error.message).toContain('0x7a6a');
  });

  it.each([
    [-32600, errors.invalidRequest('x')],
    [-32602, errors.invalidParams('x')],
    [-32603, errors.internalError('x')],
  ])('%i is a standard EIP-1474 code', (code, error) => {
    expect(vectors.eip1474_jsonrpc_errors.map((entry) => entry.code)).toContain(code);
    expect(error.code).toBe(code);
  });
});
