/** The on-chain programs a SOL or SPL token send uses (the same addresses on every cluster). */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

/** Bytes of an SPL token mint account and of a token account (rent is paid for exactly these). */
export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;
