import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { bytesToAddress } from '../address.ts';
import { compactU16, readCompactU16 } from './bytes.ts';
import { transferChecked, transferSol } from './instructions.ts';
import { compileMessage, decodeTransaction, serializeTransaction, unsignedTransaction } from './message.ts';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from './programs.ts';

const key = (n: number) => bytesToAddress(ed25519.getPublicKey(new Uint8Array(32).fill(n)));
const BLOCKHASH = bytesToAddress(new Uint8Array(32).fill(7));

describe('compact-u16', () => {
  it.each([
    [0, [0x00]],
    [0x7f, [0x7f]],
    [0x80, [0x80, 0x01]],
    [0x3fff, [0xff, 0x7f]],
    [0x4000, [0x80, 0x80, 0x01]],
    [0xffff, [0xff, 0xff, 0x03]],
  ])('%i is %j', (value, bytes) => {
    expect([...compactU16(value)]).toEqual(bytes);
    expect(readCompactU16(Uint8Array.from(bytes), 0)).toEqual({ value, size: bytes.length });
  });
});

describe('legacy messages', () => {
  it('puts the fee payer first, then signers, writable accounts, read-only ones and program ids', () => {
    const [payer, receiver] = [key(1), key(2)];
    const message = compileMessage({ feePayer: payer, recentBlockhash: BLOCKHASH, instructions: [transferSol(payer, receiver, 5n)] });
    expect(message.accountKeys).toEqual([payer, receiver, SYSTEM_PROGRAM]);
    expect([...message.bytes.slice(0, 3)]).toEqual([1, 0, 1]); // one signer, no read-only signer, one read-only account
    // instruction: program 2, accounts [0, 1], data = u32 2 + u64 5
    const tail = [...message.bytes.slice(-(1 + 1 + 2 + 1 + 12))];
    expect(tail).toEqual([2, 2, 0, 1, 12, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('marks the owner of a token transfer a read-only signer when someone else pays', () => {
    const [payer, owner, source, destination, mint] = [key(1), key(2), key(3), key(4), key(5)];
    const message = compileMessage({
      feePayer: payer,
      recentBlockhash: BLOCKHASH,
      instructions: [transferChecked({ source, mint, destination, owner, amount: 1n, decimals: 6 })],
    });
    expect(message.accountKeys).toEqual([payer, owner, source, destination, mint, TOKEN_PROGRAM]);
    expect([...message.bytes.slice(0, 3)]).toEqual([2, 1, 2]);
  });

  it('round-trips a signed transaction and its signers', () => {
    const secret = new Uint8Array(32).fill(1);
    const payer = key(1);
    const message = compileMessage({ feePayer: payer, recentBlockhash: BLOCKHASH, instructions: [transferSol(payer, key(2), 1n)] });
    const signature = ed25519.sign(message.bytes, secret);
    const decoded = decodeTransaction(serializeTransaction(message.bytes, [signature]));
    expect(decoded.accountKeys.slice(0, decoded.signerCount)).toEqual([payer]);
    expect(ed25519.verify(decoded.signatures[0]!, decoded.message, ed25519.getPublicKey(secret))).toBe(true);
    expect(decodeTransaction(unsignedTransaction(message)).signatures[0]).toEqual(new Uint8Array(64));
  });

  it('refuses amounts out of u64 and a malformed transaction', () => {
    expect(() => transferSol(key(1), key(2), -1n)).toThrow(RangeError);
    expect(() => transferSol(key(1), key(2), 1n << 64n)).toThrow(RangeError);
    expect(() => decodeTransaction(Uint8Array.of(1, 0, 0))).toThrow();
  });
});
