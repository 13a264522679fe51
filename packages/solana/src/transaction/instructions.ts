import { addressToBytes } from '../address.ts';
import { concatBytes, u32, u64, u8 } from './bytes.ts';
import type { Instruction } from './message.ts';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAM } from './programs.ts';

const signerWritable = (address: string) => ({ address, signer: true, writable: true });
const writable = (address: string) => ({ address, signer: false, writable: true });
const readonly = (address: string) => ({ address, signer: false, writable: false });

/** System program Transfer (instruction 2): lamports from `from` to `to`. */
export function transferSol(from: string, to: string, lamports: bigint): Instruction {
  return { programId: SYSTEM_PROGRAM, accounts: [signerWritable(from), writable(to)], data: concatBytes(u32(2), u64(lamports)) };
}

/** System program CreateAccount (instruction 0): a new account of `space` bytes owned by `owner`. */
export function createAccount(params: { from: string; newAccount: string; lamports: bigint; space: number; owner: string }): Instruction {
  return {
    programId: SYSTEM_PROGRAM,
    accounts: [signerWritable(params.from), signerWritable(params.newAccount)],
    data: concatBytes(u32(0), u64(params.lamports), u64(BigInt(params.space)), addressToBytes(params.owner)),
  };
}

/** SPL Token InitializeMint2 (20): decimals and mint authority, no freeze authority. */
export function initializeMint(mint: string, decimals: number, mintAuthority: string): Instruction {
  return { programId: TOKEN_PROGRAM, accounts: [writable(mint)], data: concatBytes(u8(20), u8(decimals), addressToBytes(mintAuthority), u8(0)) };
}

/** SPL Token MintTo (7). */
export function mintTo(mint: string, destination: string, authority: string, amount: bigint): Instruction {
  return {
    programId: TOKEN_PROGRAM,
    accounts: [writable(mint), writable(destination), { address: authority, signer: true, writable: false }],
    data: concatBytes(u8(7), u64(amount)),
  };
}

/** SPL Token TransferChecked (12): the mint and its decimals are checked by the program. */
export function transferChecked(params: { source: string; mint: string; destination: string; owner: string; amount: bigint; decimals: number }): Instruction {
  return {
    programId: TOKEN_PROGRAM,
    accounts: [writable(params.source), readonly(params.mint), writable(params.destination), { address: params.owner, signer: true, writable: false }],
    data: concatBytes(u8(12), u64(params.amount), u8(params.decimals)),
  };
}

/** Associated Token Account program CreateIdempotent (1): a no-op when the account exists. */
export function createAssociatedTokenAccount(params: { payer: string; account: string; owner: string; mint: string }): Instruction {
  return {
    programId: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      signerWritable(params.payer),
      writable(params.account),
      readonly(params.owner),
      readonly(params.mint),
      readonly(SYSTEM_PROGRAM),
      readonly(TOKEN_PROGRAM),
    ],
    data: u8(1),
  };
}
