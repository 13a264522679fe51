import { fill, type Translate } from '@cairn/core/rules';
import { formatUnits } from 'viem';

// The instructions a SOL or SPL token send is made of, as the approval screen reads them: the
// System transfer, the SPL Token program's Transfer and TransferChecked, and the Associated Token
// Account program's Create and CreateIdempotent (the receiver's token account, paid by the sender).
// Layouts from the programs' own instruction encodings (little-endian, a one-byte tag for SPL Token).
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

const SYSTEM_TRANSFER = 2;
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_CHECKED = 12;
const ATA_CREATE = 0;
const ATA_CREATE_IDEMPOTENT = 1;
const SOL_DECIMALS = 9;

export interface SolanaInstruction {
  program: string;
  /** The instruction's accounts, in its own order. */
  accounts: string[];
  data: Uint8Array;
}

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);

/** One instruction in words: what moves, how much, from and to which accounts; anything else by its program. */
export function describeSolanaInstruction({ program, accounts, data }: SolanaInstruction, t: Translate = fill): string {
  const [first, second, third, fourth] = accounts;
  if (program === SYSTEM_PROGRAM && data.length === 12 && view(data).getUint32(0, true) === SYSTEM_TRANSFER && first && second) {
    return t('solana.transferAmountSolFrom', { amount: formatUnits(view(data).getBigUint64(4, true), SOL_DECIMALS), from: first, to: second });
  }
  if (program === TOKEN_PROGRAM && data.length === 10 && data[0] === TOKEN_TRANSFER_CHECKED && first && second && third && fourth) {
    const amount = formatUnits(view(data).getBigUint64(1, true), data[9]!);
    return t('solana.transferAmountOfThe', { amount, mint: second, source: first, owner: fourth, destination: third });
  }
  if (program === TOKEN_PROGRAM && data.length === 9 && data[0] === TOKEN_TRANSFER && first && second && third) {
    // Plain Transfer names no mint, so no decimals: the amount is the token's smallest unit.
    const units = view(data).getBigUint64(1, true).toString();
    return t('solana.transferUnitsOfThe', { units, source: first, owner: third, destination: second });
  }
  if (program === ASSOCIATED_TOKEN_PROGRAM && (data.length === 0 || (data.length === 1 && (data[0] === ATA_CREATE || data[0] === ATA_CREATE_IDEMPOTENT))) && first && second && third && fourth) {
    return t('solana.createTheTokenAccount', { account: second, owner: third, mint: fourth, payer: first });
  }
  return t('solana.programProgramAccountsAccounts', { program, accounts: accounts.length, bytes: data.length });
}
