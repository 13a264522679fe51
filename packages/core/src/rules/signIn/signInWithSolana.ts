import {
  buildCaip122SignIn,
  createCaip122MessageText,
  parseCaip122MessageText,
  readCaip122SignIn,
  type Caip122Grammar,
  type Caip122MessageFields,
  type Caip122SignIn,
} from './caip122Message.ts';

// Sign In With Solana (SIWS): CAIP-122's solana profile (namespaces solana/caip122.md) and the
// Wallet Standard's `solana:signIn`, which write one text.

/** SIWS's message-address: 32 to 44 base58 characters (that they make 32 bytes is the verifier's check). */
const SIWS_ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/**
 * SIWS's message-chain-id names a cluster (mainnet, devnet, testnet, localnet, with or without
 * "solana:"); CAIP-122's examples also write a genesis hash, or its CAIP-2 reference.
 */
const SIWS_CHAIN_ID_RE = /^(?:solana:)?[-_a-zA-Z0-9]{1,44}$/;

export const signInWithSolana: Caip122Grammar = {
  accountLabel: 'Solana',
  isAddress: (address) => SIWS_ADDRESS_RE.test(address),
  isChainId: (chainId) => SIWS_CHAIN_ID_RE.test(chainId),
};

// CAIP-2 references (the genesis hash's first 32 characters) of the clusters SIWS names.
const CLUSTER_REFERENCES: Record<string, string> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  localnet: 'localnet',
};

/** The SIWS Chain ID a message names a network by: its cluster's name, else its CAIP-2 reference. */
export function signInWithSolanaChainId(reference: string): string {
  return Object.keys(CLUSTER_REFERENCES).find((cluster) => CLUSTER_REFERENCES[cluster] === reference) ?? reference;
}

/**
 * The CAIP-2 reference of the network a message's Chain ID names: a cluster name (with or without
 * "solana:"), a whole genesis hash (its first 32 characters), or a reference as it is.
 */
export function solanaChainReference(chainId: string): string {
  const bare = chainId.startsWith('solana:') ? chainId.slice('solana:'.length) : chainId;
  return CLUSTER_REFERENCES[bare] ?? bare.slice(0, 32);
}

/** The SIWS text of any fields, as the Wallet Standard's createSignInMessageText writes it. */
export const createSignInWithSolanaText = (fields: Caip122MessageFields): string => createCaip122MessageText(signInWithSolana.accountLabel, fields);

/** The fields of a SIWS text, as written (only the layout is checked). */
export const parseSignInWithSolanaText = (message: string): Caip122MessageFields => parseCaip122MessageText(signInWithSolana.accountLabel, message);

/** A sign-in's SIWS message; throws SignInMessageError naming the first invalid field. */
export const buildSignInWithSolanaMessage = (fields: Caip122SignIn): string => buildCaip122SignIn(signInWithSolana, fields);

/** A SIWS message read strictly for a sign-in; throws SignInMessageError naming the field. */
export const readSignInWithSolanaMessage = (message: string): Caip122SignIn => readCaip122SignIn(signInWithSolana, message);
