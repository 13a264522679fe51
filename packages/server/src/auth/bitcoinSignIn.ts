import { BIP122_REFERENCES, bitcoinNetworkOfChainId, BITCOIN_NETWORK_NAMES, isBitcoinAddress, verifyBip322 } from '@cairn/bitcoin/bip322';
import { bitcoinChainReference, readSignInWithBitcoinMessage, signInWithBitcoin } from '@cairn/core/signIn';
import { ApiError } from '../http/errors.ts';
import { caip122SignIn } from './caip122SignIn.ts';

/** BIP-322 simple signatures are base64 witnesses (some wallets write them after "smp"); legacy ones 65 bytes in base64. */
const SIGNATURE_RE = /^(?:smp)?[A-Za-z0-9+/]{40,1996}={0,2}$/;

/** The network a sign-in message's Chain ID names; the address must be one of that network's. */
function networkOf(message: string) {
  return bitcoinNetworkOfChainId(`bip122:${bitcoinChainReference(readSignInWithBitcoinMessage(message).chainId)}`);
}

/** bip122: CAIP-122 text signed with BIP-322 (P2WPKH, P2TR) or a legacy signed message, verified by @cairn/bitcoin. */
export const bitcoinSignIn = caip122SignIn({
  namespace: 'bip122',
  grammar: { ...signInWithBitcoin, isAddress: (address) => BITCOIN_NETWORK_NAMES.some((network) => isBitcoinAddress(address, network)) },
  // The four networks Bitcoin has (mainnet, testnet, signet, regtest): a signature proves the key the same way on each.
  servedNetworks: () => Object.values(BIP122_REFERENCES).map((reference) => `bip122:${reference}`),
  chainReference: bitcoinChainReference,
  checkSignature: (signature) => {
    if (!SIGNATURE_RE.test(signature)) throw new ApiError(400, 'The signature is not a BIP-322 or signed-message signature in base64', 'signature');
  },
  verify: ({ address, message, signature }) => {
    const network = networkOf(message);
    return network !== undefined && verifyBip322({ message, address, signature, network });
  },
});
