import { buildCaip122SignIn, readCaip122SignIn, type Caip122Grammar, type Caip122SignIn } from './caip122Message.ts';

// Sign-in with a Bitcoin account: CAIP-122 text whose account line says "Bitcoin", the address a
// payment address (bech32, bech32m or base58), the Chain ID the bip122 CAIP-2 reference (the
// genesis hash's first 32 hex characters, "bip122:" allowed). The signature is BIP-322 (or a
// legacy signed message), checked by the server; that the address decodes on the chain is its check.

const ADDRESS_CHARACTERS_RE = /^(?:[a-z]{2,4}1[02-9ac-hj-np-z]{8,87}|[1-9A-HJ-NP-Za-km-z]{25,35})$/;
const CHAIN_ID_RE = /^(?:bip122:)?[0-9a-f]{32}$/;

export const signInWithBitcoin: Caip122Grammar = {
  accountLabel: 'Bitcoin',
  isAddress: (address) => ADDRESS_CHARACTERS_RE.test(address),
  isChainId: (chainId) => CHAIN_ID_RE.test(chainId),
};

/** The CAIP-2 reference of the chain a message's Chain ID names. */
export const bitcoinChainReference = (chainId: string): string => (chainId.startsWith('bip122:') ? chainId.slice('bip122:'.length) : chainId);

/** A sign-in's message for a Bitcoin account; throws SignInMessageError naming the first invalid field. */
export const buildSignInWithBitcoinMessage = (fields: Caip122SignIn): string => buildCaip122SignIn(signInWithBitcoin, fields);

/** A Bitcoin sign-in message read strictly; throws SignInMessageError naming the field. */
export const readSignInWithBitcoinMessage = (message: string): Caip122SignIn => readCaip122SignIn(signInWithBitcoin, message);
