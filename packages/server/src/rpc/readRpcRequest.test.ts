import { describe, expect, it } from 'vitest';
import { readRpcRequest } from './readRpcRequest.ts';

describe('readRpcRequest', () => {
  it('reads a single call and a batch, keeping ids and params', () => {
    expect(readRpcRequest({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' }, 10)).toEqual({ batch: false, entries: [{ call: { id: 7, method: 'eth_chainId', params: [] } }] });
    const batch = readRpcRequest([{ jsonrpc: '2.0', id: 'a', method: 'eth_getBalance', params: ['0x01', 'latest'] }, { jsonrpc: '2.0', method: 'eth_blockNumber' }], 10);
    expect(batch).toEqual({
      batch: true,
      entries: [{ call: { id: 'a', method: 'eth_getBalance', params: ['0x01', 'latest'] } }, { call: { id: undefined, method: 'eth_blockNumber', params: [] } }],
    });
  });

  it('answers a malformed entry with Invalid Request and keeps the others', () => {
    const read = readRpcRequest([5, { jsonrpc: '1.0', id: 2, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 3, method: 'eth_chainId', params: 'x' }, { jsonrpc: '2.0', id: 4, method: 'eth_chainId' }], 10);
    expect(read).toMatchObject({
      batch: true,
      entries: [
        { reply: { id: null, error: { code: -32600, message: 'Invalid Request: a call must be a JSON object' } } },
        { reply: { id: 2, error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' } } },
        { reply: { id: 3, error: { code: -32600, message: 'Invalid Request: params must be an array or an object' } } },
        { call: { id: 4, method: 'eth_chainId' } },
      ],
    });
  });

  it('refuses an empty batch and one over the bound whole', () => {
    expect(readRpcRequest([], 10)).toEqual({ refused: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: the batch is empty' } } });
    const calls = Array.from({ length: 11 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }));
    expect(readRpcRequest(calls, 10)).toEqual({
      refused: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a batch may hold at most 10 calls, this one holds 11' } },
      tooLarge: true,
    });
  });
});
