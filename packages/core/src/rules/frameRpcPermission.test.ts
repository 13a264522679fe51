import { describe, expect, it } from 'vitest';
import { FRAME_APPROVAL_METHODS, FRAME_READ_METHODS, frameRpcPermission } from './frameRpcPermission.ts';

describe('frame RPC permission (SPEC §6)', () => {
  it("answers the reads SPEC names", () => {
    for (const method of ['eth_call', 'eth_getBalance', 'eth_chainId', 'eth_sendRawTransaction', 'wallet_getCapabilities', 'wallet_getAssets']) {
      expect(frameRpcPermission(method)).toBe('read');
    }
  });

  it('asks the user for every signing method SPEC lists', () => {
    for (const method of [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
      'wallet_sendCalls',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'eth_sendUserOperation',
    ]) {
      expect(frameRpcPermission(method)).toBe('approve');
    }
  });

  it('refuses everything else, including look-alikes, old signing methods and non-strings', () => {
    for (const method of ['eth_sign', 'eth_signTypedData', 'eth_signTypedData_v3', 'eth_signTransaction', 'wallet_addEthereumChain', 'ETH_CALL', ' eth_call', 'eth_call ', '__proto__', 'constructor', 'toString', '', undefined, null, 1, {}, ['eth_call']]) {
      expect(frameRpcPermission(method)).toBe('refuse');
    }
  });

  it('keeps the two lists apart', () => {
    for (const method of FRAME_APPROVAL_METHODS) expect(FRAME_READ_METHODS.has(method)).toBe(false);
  });
});
