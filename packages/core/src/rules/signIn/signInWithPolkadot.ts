import { buildCaip122SignIn, readCaip122SignIn, type Caip122Grammar, type Caip122SignIn } from './caip122Message.ts';

// Sign-in with a Polkadot account: CAIP-122 text whose account line says "Polkadot", the address
// SS58 (base58, any network prefix), the Chain ID the polkadot CAIP-2 reference (the genesis hash's
// first 32 hex characters, "polkadot:" allowed). The extension signs it with signRaw (sr25519 or
// ed25519, over the text wrapped in <Bytes>…</Bytes>); that the address decodes is the server's check.

const SS58_CHARACTERS_RE = /^[1-9A-HJ-NP-Za-km-z]{46,50}$/;
const CHAIN_ID_RE = /^(?:polkadot:)?[0-9a-f]{32}$/;

export const signInWithPolkadot: Caip122Grammar = {
  accountLabel: 'Polkadot',
  isAddress: (address) => SS58_CHARACTERS_RE.test(address),
  isChainId: (chainId) => CHAIN_ID_RE.test(chainId),
};

/** The CAIP-2 reference of the chain a message's Chain ID names. */
export const polkadotChainReference = (chainId: string): string => (chainId.startsWith('polkadot:') ? chainId.slice('polkadot:'.length) : chainId);

/** A sign-in's message for a Polkadot account; throws SignInMessageError naming the first invalid field. */
export const buildSignInWithPolkadotMessage = (fields: Caip122SignIn): string => buildCaip122SignIn(signInWithPolkadot, fields);

/** A Polkadot sign-in message read strictly; throws SignInMessageError naming the field. */
export const readSignInWithPolkadotMessage = (message: string): Caip122SignIn => readCaip122SignIn(signInWithPolkadot, message);
