import type { CairnContext } from '../../context.ts';
import { oneClickSignIn } from '../../rules/signIn/oneClickSignIn.ts';
import { findNetwork } from '../../stores/network.ts';
import type { WalletConnectNamespaceRequest } from '../../types.ts';
import { keepSignInSession } from '../siwx/keepSignInSession.ts';
import { signInNonce, signInTerms } from '../siwx/signInTerms.ts';
import type { WalletConnectClient, WalletConnectSignIn, WalletConnectSignInTerms } from './walletConnectClient.ts';
import { walletConnectNamespaces } from './walletConnectNamespaces.ts';

export type OneClickSignIn = WalletConnectSignIn & { expirationTime: string };

/** A pairing attempt the visitor moved on from (another one started) proposes nothing. */
export const SUPERSEDED_ATTEMPT = 'A newer WalletConnect attempt took over';

/**
 * Proposes the session to the wallet. Where SPEC §4 allows (oneClickSignIn), the sign-in rides in
 * the same approval (`wc_sessionAuthenticate`): resolves with what the wallet signed, or undefined
 * when it could only connect (the sign view then asks, as after any connection). `stillWanted` is
 * asked after the sign-in nonce arrives: an attempt overtaken meanwhile throws instead of proposing.
 */
export async function proposeWalletConnectSession(
  ctx: CairnContext,
  client: WalletConnectClient,
  onUri: (uri: string) => void,
  stillWanted: () => boolean = () => true,
): Promise<OneClickSignIn | undefined> {
  const namespaces = walletConnectNamespaces(ctx);
  const rule = oneClickSignIn({
    signInOn: !!ctx.options.siwx && !!ctx.siwxBackend,
    backendWritesMessage: !!ctx.siwxBackend?.createMessage,
    namespaces: Object.keys(namespaces),
  });
  const terms = rule && client.authenticate ? await oneClickTerms(ctx) : undefined;
  if (!stillWanted()) throw new Error(SUPERSEDED_ATTEMPT);
  if (!terms || !client.authenticate) {
    await client.connect({ namespaces, onUri });
    return undefined;
  }
  const { signIn } = await client.authenticate({ namespaces: activeNetworkFirst(ctx, namespaces), signIn: terms, onUri });
  return signIn ? { ...signIn, expirationTime: terms.expirationTime } : undefined;
}

/** The sign-in's terms, or undefined when the backend gives no nonce: then connect, and signIn reports the backend's failure. */
async function oneClickTerms(ctx: CairnContext): Promise<WalletConnectSignInTerms | undefined> {
  let nonce: string;
  try {
    nonce = await signInNonce(ctx, {});
  } catch (error) {
    console.warn('[cairn] no nonce for one-click sign-in; connecting first', error);
    return undefined;
  }
  const { domain, uri, statement, expirationTime } = signInTerms(ctx, nonce);
  return { domain, uri, nonce, ...(statement ? { statement } : {}), expirationTime };
}

/** The wallet signs in on the first chain it supports: the network the connection will land on goes first. */
function activeNetworkFirst(ctx: CairnContext, namespaces: Record<string, WalletConnectNamespaceRequest>) {
  const active = (findNetwork(ctx.network.get()) ?? ctx.options.defaultNetwork).caipNetworkId;
  return Object.fromEntries(
    Object.entries(namespaces).map(([name, request]) => [
      name,
      { ...request, chains: request.chains.includes(active) ? [active, ...request.chains.filter((chain) => chain !== active)] : request.chains },
    ]),
  );
}

/**
 * The backend verifies what the wallet signed; a verified sign-in opens the session, so the
 * connection's sign-in check asks for no second signature. A refused one leaves that check to
 * open the sign view, as for a wallet that could only connect.
 */
export async function keepOneClickSignIn(ctx: CairnContext, signed: OneClickSignIn): Promise<void> {
  const [namespace, reference, address] = signed.account.split(':');
  const network = ctx.options.networks.find((each) => each.caipNetworkId === `${namespace}:${reference}`);
  if (!network || !address || !ctx.siwxBackend) return;
  try {
    const verified = await ctx.siwxBackend.verify({ message: signed.message, signature: signed.signature, address, chainId: network.id });
    if (verified === true) keepSignInSession(ctx, { address, network, expirationTime: signed.expirationTime });
  } catch (error) {
    console.warn('[cairn] the one-click sign-in was refused; asking for a signature', error);
  }
}
