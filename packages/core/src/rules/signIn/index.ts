// `@cairn/core/signIn`: the CAIP-122 sign-in messages, one family per namespace, shared by the
// adapters (which write them) and the server (which reads them).
export {
  buildCaip122SignIn,
  createCaip122MessageText,
  parseCaip122MessageText,
  readCaip122SignIn,
  signInAccountLabel,
  SignInMessageError,
  MAX_SIGN_IN_MESSAGE_LENGTH,
  type Caip122Grammar,
  type Caip122MessageFields,
  type Caip122SignIn,
} from './caip122Message.ts';
export {
  signInWithSolana,
  signInWithSolanaChainId,
  solanaChainReference,
  createSignInWithSolanaText,
  parseSignInWithSolanaText,
  buildSignInWithSolanaMessage,
  readSignInWithSolanaMessage,
} from './signInWithSolana.ts';
export { signInWithBitcoin, bitcoinChainReference, buildSignInWithBitcoinMessage, readSignInWithBitcoinMessage } from './signInWithBitcoin.ts';
export { signInWithPolkadot, polkadotChainReference, buildSignInWithPolkadotMessage, readSignInWithPolkadotMessage } from './signInWithPolkadot.ts';
