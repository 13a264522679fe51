import { describe, expect, it } from 'vitest';
import { ASSOCIATED_TOKEN_PROGRAM, describeSolanaInstruction, SYSTEM_PROGRAM, TOKEN_PROGRAM } from './solanaInstructions.ts';

/** Little-endian bytes as the programs encode them: a tag, then the u64 amount, then what follows. */
function bytes(tag: { u8?: number; u32?: number }, amount?: bigint, tail: number[] = []): Uint8Array {
  const head = tag.u32 !== undefined ? 4 : 1;
  const data = new Uint8Array(head + (amount === undefined ? 0 : 8) + tail.length);
  const view = new DataView(data.buffer);
  if (tag.u32 !== undefined) view.setUint32(0, tag.u32, true);
  else view.setUint8(0, tag.u8!);
  if (amount !== undefined) view.setBigUint64(head, amount, true);
  data.set(tail, data.length - tail.length);
  return data;
}

const [payer, source, mint, destination, receiver] = ['Payer1111', 'Source111', 'Mint11111', 'Dest11111', 'Receiver1'];

describe('a Solana instruction on the approval screen', () => {
  it('reads a System transfer in SOL', () => {
    expect(describeSolanaInstruction({ program: SYSTEM_PROGRAM, accounts: [payer, receiver], data: bytes({ u32: 2 }, 1_250_000_000n) })).toBe(`Transfer 1.25 SOL from ${payer} to ${receiver}`);
  });

  it("reads an SPL TransferChecked with the mint's decimals, the mint, both token accounts and the sender", () => {
    const data = bytes({ u8: 12 }, 2_500_000n, [6]);
    expect(describeSolanaInstruction({ program: TOKEN_PROGRAM, accounts: [source, mint, destination, payer], data })).toBe(
      `Transfer 2.5 of the token ${mint} from the token account ${source} of ${payer} to the token account ${destination}`,
    );
  });

  it('reads a plain SPL Transfer in the smallest unit (it names no mint)', () => {
    expect(describeSolanaInstruction({ program: TOKEN_PROGRAM, accounts: [source, destination, payer], data: bytes({ u8: 3 }, 42n) })).toBe(
      `Transfer 42 of the smallest unit of a token from the token account ${source} of ${payer} to the token account ${destination}`,
    );
  });

  it("reads the receiver's token account being created, by whom it is paid", () => {
    const accounts = [payer, destination, receiver, mint, SYSTEM_PROGRAM, TOKEN_PROGRAM];
    const expected = `Create the token account ${destination} of ${receiver} for the token ${mint}, paid by ${payer}`;
    expect(describeSolanaInstruction({ program: ASSOCIATED_TOKEN_PROGRAM, accounts, data: bytes({ u8: 1 }) })).toBe(expected);
    expect(describeSolanaInstruction({ program: ASSOCIATED_TOKEN_PROGRAM, accounts, data: new Uint8Array() })).toBe(expected);
  });

  it('names the program of anything else, or of a known program with an unknown or short layout', () => {
    expect(describeSolanaInstruction({ program: TOKEN_PROGRAM, accounts: [source, destination], data: bytes({ u8: 7 }, 5n) })).toBe(`Program ${TOKEN_PROGRAM}, 2 accounts, 9 bytes of data`);
    expect(describeSolanaInstruction({ program: TOKEN_PROGRAM, accounts: [source], data: bytes({ u8: 12 }, 5n, [6]) })).toBe(`Program ${TOKEN_PROGRAM}, 1 accounts, 10 bytes of data`);
    expect(describeSolanaInstruction({ program: 'Other1111', accounts: [], data: new Uint8Array(3) })).toBe('Program Other1111, 0 accounts, 3 bytes of data');
  });
});
