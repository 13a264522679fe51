import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isUserRejection, USER_REJECTED_CODE } from '@cairn/core';
import { isEip1193Provider, providerErrorCode, ProviderErrorCode } from './eip1193.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../../../vectors/provider/eip1193_eip1474_error_codes.json', import.meta.url), 'utf8'),
);
const providerErrors = vectors.eip1193_provider_errors as { code: number; name: string; metamask_message: string }[];

describe('EIP-1193 errors (shared vectors)', () => {
  it('uses the codes the EIP defines', () => {
    const byName = Object.fromEntries(providerErrors.map((error) => [error.name, error.code]));
    expect(ProviderErrorCode.userRejected).toBe(byName['User Rejected Request']);
    expect(ProviderErrorCode.unauthorized).toBe(byName['Unauthorized']);
    expect(ProviderErrorCode.unsupportedMethod).toBe(byName['Unsupported Method']);
    expect(ProviderErrorCode.disconnected).toBe(byName['Disconnected']);
    expect(ProviderErrorCode.chainDisconnected).toBe(byName['Chain Disconnected']);
    expect(USER_REJECTED_CODE).toBe(byName['User Rejected Request']);
  });

  it.each(providerErrors)('reads code $code ($name) from a provider error', ({ code, metamask_message }) => {
    expect(providerErrorCode({ code, message: metamask_message })).toBe(code);
    expect(isUserRejection({ code, message: metamask_message })).toBe(code === 4001);
  });

  it('finds 4902 nested in an internal error, as some mobile wallets send it', () => {
    expect(providerErrorCode({ code: -32603, message: 'Internal', data: { originalError: { code: 4902 } } })).toBe(4902);
    expect(providerErrorCode({ code: -32603, message: 'Internal' })).toBe(-32603);
  });

  it('has no code for things that are not provider errors', () => {
    for (const value of [undefined, null, 'oops', 4001, { code: '4001' }]) expect(providerErrorCode(value)).toBeUndefined();
  });

  it('recognizes an EIP-1193 provider by its request function', () => {
    expect(isEip1193Provider({ request: async () => null })).toBe(true);
    for (const value of [undefined, null, {}, { request: 'x' }]) expect(isEip1193Provider(value)).toBe(false);
  });
});
