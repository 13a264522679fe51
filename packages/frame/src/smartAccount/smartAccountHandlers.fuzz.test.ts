import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { cairnAccountAbi } from './cairnAccount.ts';
import { parseApprovalRequest } from '../signing/approvalRequest.ts';
import { parseFrameConfig } from '../page/frameConfig.ts';
import { FRAME_RPC_ERRORS } from '../protocol/events.ts';
import { frameAccounts } from './frameAccounts.ts';
import { memoryPreferredAccountStore } from './preferredAccountStore.ts';
import { smartAccountHandlers, WalletCallsText } from './smartAccountHandlers.ts';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EXECUTE = encodeFunctionData({ abi: cairnAccountAbi, functionName: 'execute', args: [ACCOUNT, 1n, '0x'] });

/** xorshift32: seeded, so a failing case can be replayed from its seed. */
function seeded(seed: number) {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Params near and far from the shapes the smart account's methods take: addresses, ids, chain ids, call lists. */
function paramsLike(next: () => number, depth = 0): unknown {
  const atoms = [null, undefined, '', '0x', '0x7a69', ACCOUNT, `0x${'ab'.repeat(32)}`, `0x${'zz'.repeat(32)}`, 'x'.repeat(300), -1, 2 ** 53 + 1, NaN, true, '__proto__'];
  const pick = Math.floor(next() * (depth > 2 ? 2 : 5));
  switch (pick) {
    case 0:
      return atoms[Math.floor(next() * atoms.length)];
    case 1:
      return { to: next() < 0.7 ? ACCOUNT : paramsLike(next, depth + 1), value: next() < 0.5 ? '0x1' : paramsLike(next, depth + 1), data: next() < 0.5 ? '0x' : paramsLike(next, depth + 1) };
    case 2:
      return Array.from({ length: Math.floor(next() * 4) }, () => paramsLike(next, depth + 1));
    case 3:
      return { version: '2.0.0', chainId: next() < 0.5 ? '0x7a69' : paramsLike(next, depth + 1), from: next() < 0.5 ? ACCOUNT : paramsLike(next, depth + 1), calls: Array.from({ length: Math.floor(next() * (next() < 0.8 ? 4 : 20)) }, () => (next() < 0.8 ? { to: ACCOUNT, value: '0x1' } : paramsLike(next, depth + 1))) };
    default:
      return [paramsLike(next, depth + 1), paramsLike(next, depth + 1)];
  }
}

const config = parseFrameConfig({
  allowedOrigins: ['https://my.site'],
  serverUrl: 'https://cairn.my.site',
  networks: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1', smartAccount: { bundlerUrl: 'http://127.0.0.1:1', entryPoint: `0x${'11'.repeat(20)}`, factory: `0x${'22'.repeat(20)}` } }],
});

describe('the smart account’s frame methods under malformed params', () => {
  it('answers wallet_getCapabilities and wallet_getCallsStatus with a clear error, never a crash, before any login', async () => {
    const accounts = frameAccounts({ config, preferred: memoryPreferredAccountStore(), loadSender: () => Promise.reject(new Error('not reached')) });
    const { answerRead } = smartAccountHandlers(config, accounts, () => undefined, () => 31337);
    const allowed: string[] = [WalletCallsText.malformedCapabilities, WalletCallsText.malformedStatus, FRAME_RPC_ERRORS.notSignedIn];
    for (let seed = 1; seed <= 400; seed++) {
      const next = seeded(seed);
      const params = paramsLike(next);
      for (const method of ['wallet_getCapabilities', 'wallet_getCallsStatus']) {
        const outcome = await answerRead(method, params).then(
          () => 'answered',
          (error: unknown) => (error instanceof Error ? error.message : `not an Error: ${String(error)}`),
        );
        expect(allowed, `seed ${seed}, ${method}`).toContain(outcome);
      }
    }
    expect(await answerRead('eth_accounts', undefined)).toEqual({ result: [] });
  });

  it('decodes or refuses every eth_sendUserOperation, wallet_grantPermissions and wallet_revokePermissions without throwing', () => {
    const decoded = new Map<string, number>();
    for (let seed = 1; seed <= 1000; seed++) {
      const next = seeded(seed);
      const shaped = [
        [{ sender: ACCOUNT, callData: next() < 0.5 ? EXECUTE : paramsLike(next) }, next() < 0.7 ? ACCOUNT : paramsLike(next)],
        [{ expiry: next() < 0.6 ? Math.floor(Date.now() / 1000) + 60 : paramsLike(next), signer: next() < 0.6 ? { type: 'account', data: { address: ACCOUNT } } : paramsLike(next), permissions: next() < 0.6 ? [{ type: 'native-token-transfer', data: { to: ACCOUNT, valueLimit: next() < 0.7 ? '0x1' : paramsLike(next) }, policies: next() < 0.7 ? [{ type: 'gas-limit', data: { limit: next() < 0.7 ? '0x1' : paramsLike(next) } }, ...(next() < 0.8 ? [{ type: 'token-allowance', data: { allowance: next() < 0.7 ? '0x1' : paramsLike(next) } }] : [])] : paramsLike(next) }] : paramsLike(next) }],
        [{ context: next() < 0.6 ? ACCOUNT : paramsLike(next) }],
      ];
      ['eth_sendUserOperation', 'wallet_grantPermissions', 'wallet_revokePermissions'].forEach((method, index) => {
        const params = next() < 0.6 ? shaped[index] : paramsLike(next);
        const parsed = parseApprovalRequest(method, params, ACCOUNT, 31337);
        if ('request' in parsed) decoded.set(method, (decoded.get(method) ?? 0) + 1);
        else expect(typeof parsed.error, `seed ${seed}, ${method}`).toBe('string');
      });
    }
    // The generator reaches each decoder, not only its first check.
    for (const method of ['eth_sendUserOperation', 'wallet_grantPermissions', 'wallet_revokePermissions']) expect(decoded.get(method), method).toBeGreaterThan(0);
  });

  it('decodes or refuses every wallet_sendCalls batch without throwing', () => {
    let decoded = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const next = seeded(seed);
      const params = next() < 0.5 ? [paramsLike(next)] : paramsLike(next);
      const parsed = parseApprovalRequest('wallet_sendCalls', params, ACCOUNT, 31337);
      if ('request' in parsed) {
        decoded++;
        expect(parsed.request.method).toBe('wallet_sendCalls');
      } else expect(typeof parsed.error, `seed ${seed}`).toBe('string');
    }
    // The generator reaches the decoder, not only the first check.
    expect(decoded).toBeGreaterThan(0);
  });
});
