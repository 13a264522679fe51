import { describe, expect, it } from 'vitest';
import { boundCallGas } from './callGas.ts';

const MAX = 50_000_000n; // RPC_MAX_CALL_GAS' default
const call = (method: string, params: unknown) => ({ id: 1, method, params });
const to = '0x0000000000000000000000000000000000000001';

describe('eth_call, eth_estimateGas, eth_createAccessList: at most RPC_MAX_CALL_GAS at the node', () => {
  it('sends a call that names no gas with the bound as its gas, its block and overrides kept', () => {
    expect(boundCallGas(call('eth_call', [{ to, data: '0x' }, 'latest', { [to]: { balance: '0x1' } }]), MAX)).toEqual({
      call: call('eth_call', [{ to, data: '0x', gas: '0x2faf080' }, 'latest', { [to]: { balance: '0x1' } }]),
    });
    expect(boundCallGas(call('eth_estimateGas', [{ to, gas: null }]), MAX)).toEqual({ call: call('eth_estimateGas', [{ to, gas: '0x2faf080' }]) });
    // A gasLimit alone is no gas for a node that does not read it: the bound is set as gas beside it.
    expect(boundCallGas(call('eth_call', [{ to, gasLimit: '0x5208' }]), MAX)).toEqual({ call: call('eth_call', [{ to, gasLimit: '0x5208', gas: '0x2faf080' }]) });
  });

  it('passes a call of exactly the bound and refuses one gas more, naming the bound, in gas or gasLimit', () => {
    const exact = call('eth_call', [{ to, gas: '0x2faf080' }, 'latest']);
    expect(boundCallGas(exact, MAX)).toEqual({ call: exact });
    expect(boundCallGas(call('eth_call', [{ to, gas: '0x2faf081' }]), MAX)).toEqual({
      refused: { code: -32602, message: 'Invalid params: eth_call is served with at most 50000000 gas (RPC_MAX_CALL_GAS); this call asks for 50000001' },
    });
    expect(boundCallGas(call('eth_createAccessList', [{ to, gas: '0x5208', gasLimit: '0xffffffffffffffff' }]), MAX)).toMatchObject({
      refused: { message: expect.stringContaining('eth_createAccessList is served with at most 50000000 gas') },
    });
  });

  it('refuses gas that is not a hex quantity and a first parameter that is no transaction, which a node might read its own way', () => {
    for (const gas of [100_000_000, '100000000', '0x', '0x01', '-0x1', true]) {
      expect(boundCallGas(call('eth_call', [{ to, gas }]), MAX)).toEqual({
        refused: { code: -32602, message: "Invalid params: eth_call's gas must be a hex quantity such as 0x2faf080" },
      });
    }
    for (const params of [undefined, [], [null], ['0x'], [[{ to }]], { transaction: { to } }]) {
      expect(boundCallGas(call('eth_estimateGas', params), MAX)).toEqual({
        refused: { code: -32602, message: 'Invalid params: eth_estimateGas takes a transaction object as its first parameter' },
      });
    }
  });
});
