import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { ErrorText } from '../../errors.ts';
import { signInFailureText } from '../../rules/signIn/signInFailureText.ts';
import { signInRoute } from '../../rules/signIn/signInRoute.ts';
import type { SiwxBackend, SiwxMessageInput } from '../../siwx/siwxBackend.ts';
import { findNetwork } from '../../stores/network.ts';
import type { CaipNetwork, ChainAdapter, SignedSignIn, SignInRequest } from '../../types.ts';
import { disconnect } from '../../actions/disconnect.ts';
import { land } from '../../actions/land.ts';
import { modalVisit, shakeModal } from '../../actions/modal.ts';
import { walletAccountType } from '../accountTypes/walletAccountType.ts';
import { keepSignInSession } from './keepSignInSession.ts';
import { signInNonce, signInTerms } from './signInTerms.ts';

/** EIP-4361: the core (or the site's backend, `createMessage`) writes the message; signMessage signs it. */
async function signEip4361(
  adapter: ChainAdapter,
  backend: SiwxBackend,
  account: { connectorId: string; address: string },
  network: CaipNetwork,
  request: SignInRequest,
): Promise<SignedSignIn> {
  // The message grammar (and keccak for EIP-55) loads only for sites that use sign-in.
  const { buildSiweMessage, toChecksumAddress } = await import('../../siwx/eip4361.ts');
  const fields: SiwxMessageInput = {
    ...request,
    // EIP-4361 requires the EIP-55 form whatever the adapter keeps.
    address: toChecksumAddress(account.address),
    chainId: Number(network.id),
  };
  const message = backend.createMessage ? await backend.createMessage(fields) : buildSiweMessage(fields);
  if (typeof message !== 'string' || message.length === 0 || message.length > 8192) throw new Error('The sign-in backend made an invalid message');
  return { message, signature: await adapter.signMessage({ connectorId: account.connectorId, address: account.address, message }) };
}

/** Whether the account is signed in now. */
export type SignInReturnType = boolean;

/**
 * SPEC §4/§5: has the active account sign its namespace's sign-in message (EIP-4361, or the
 * adapter's CAIP-122 sign-in: signInRoute) and the backend (Cairn's server, or the site's own)
 * verify it. Success stores the session, closes the modal and tracks SIWX_AUTH_SUCCESS; a
 * declined or refused signature keeps the sign view open with the error.
 */
export async function signIn(ctx: CairnContext): Promise<SignInReturnType> {
  const backend = ctx.siwxBackend;
  const account = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  if (!ctx.options.siwx || !backend || !account.address || !network || !account.connectorId) {
    throw new Error('Signing in needs sign-in enabled, an active address, an active network and a connection');
  }
  const adapter = adapterFor(ctx, network.chainNamespace);
  const route = signInRoute(adapter);
  if (!route) throw new Error('Sign-in is not supported for this network');
  const { address, connectorId } = account;
  const flow = { modalVisit: modalVisit(ctx) };
  ctx.siwx.set({ status: 'signing', error: undefined });

  let nonce: string;
  try {
    nonce = await signInNonce(ctx, { address, chainId: network.id });
  } catch {
    // SPEC §8: init failure disconnects and resets to Connect, where the error is shown.
    ctx.events.emit('SIWX_AUTH_ERROR', { reason: 'init' });
    await disconnect(ctx).catch(() => undefined);
    ctx.siwx.set({ status: 'error', error: ErrorText.siwxInitFailed });
    land(ctx, { kind: 'signInInitFailed' });
    return false;
  }

  const request = signInTerms(ctx, nonce);
  try {
    const { message, signature } =
      route === 'adapter'
        ? await adapter.signIn!({ connectorId, address, network, request })
        : await signEip4361(adapter, backend, { connectorId, address }, network, request);
    if ((await backend.verify({ message, signature, address, chainId: network.id })) !== true) {
      throw new Error('The sign-in backend refused the signature');
    }
    keepSignInSession(ctx, { address, network, expirationTime: request.expirationTime });
    land(ctx, { kind: 'signInSucceeded' }, flow);
    return true;
  } catch (error) {
    console.warn('[cairn] sign-in failed', error);
    // SPEC §8: a smart account's failure may be the site's verifier, not the visitor's refusal.
    const message = signInFailureText(await signingAccountType(ctx, adapter, address, network));
    ctx.siwx.set({ status: 'error', error: message });
    ctx.events.emit('SIWX_AUTH_ERROR', { reason: 'signature' });
    land(ctx, { kind: 'signInFailed' });
    shakeModal(ctx);
    return false;
  }
}

/**
 * The signing account's type: the wallet's own word where it gave one for this address (the
 * embedded wallet's smart account is one before its deployment too, when it has no code yet),
 * else the chain's (code at the address).
 */
async function signingAccountType(ctx: CairnContext, adapter: ChainAdapter, address: string, network: CaipNetwork): Promise<'eoa' | 'smartAccount' | undefined> {
  return walletAccountType(ctx, address) ?? adapter.getAccountType?.({ address, network }).catch(() => undefined);
}
