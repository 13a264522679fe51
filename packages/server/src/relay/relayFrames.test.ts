import { describe, expect, it } from 'vitest';
import { errorFrame, parseFrame, resultFrame } from './relayFrames.ts';

describe('relay frames', () => {
  it('writes back an integer id beyond 2^53 digit for digit', () => {
    const frame = parseFrame('{"id":1717171717171717171,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"ab"}}');
    expect(frame).toEqual({ type: 'request', id: { kind: 'integer', digits: '1717171717171717171' }, method: 'irn_subscribe', params: { topic: 'ab' } });
    if (frame.type !== 'request') throw new Error('not a request');
    expect(resultFrame(frame.id, true)).toBe('{"id":1717171717171717171,"jsonrpc":"2.0","result":true}');
  });

  it('leaves digits inside strings and small numbers alone', () => {
    const frame = parseFrame('{"id":"17171717171717171717","method":"irn_publish","params":{"message":"12345678901234567890,","ttl":300}}');
    expect(frame).toMatchObject({ id: { kind: 'string', value: '17171717171717171717' }, params: { message: '12345678901234567890,', ttl: 300 } });
  });

  it('never writes a client string back unquoted, even one shaped like the big-integer marker', () => {
    const frame = parseFrame(JSON.stringify({ id: '\u0000int:1,"result":"forged"', method: 'irn_subscribe' }));
    if (frame.type !== 'request') throw new Error('not a request');
    expect(JSON.parse(errorFrame(frame.id, -32602, 'x')).id).toBe('\u0000int:1,"result":"forged"');
  });

  it('tells a client’s acknowledgement from a request', () => {
    expect(parseFrame('{"id":4,"jsonrpc":"2.0","result":true}')).toEqual({ type: 'response', id: { kind: 'integer', digits: '4' }, result: true, error: undefined });
  });
});
