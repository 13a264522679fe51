import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { ErrorText } from '../../errors.ts';
import { findNetwork } from '../../stores/network.ts';
import { disconnect } from '../disconnect.ts';
import { writeSessionToken } from '../../siwx/sessionToken.ts';
import { land } from '../land.ts';

const WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * SPEC §4/§5: builds the EIP-4361 message for the active account and network, asks the wallet to
 * sign it and the server to verify it. Success stores the session, closes the modal and tracks
 * SIWX_AUTH_SUCCESS; a declined or refused signature keeps the sign view open with the error.
 */
export async function signIn(ctx: CairnContext): Promise<boolean> {
  const siwx = ctx.options.siwx;
  const { auth } = ctx;
  const account = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  if (!siwx || !auth || !account.address || !network || !account.connectorId) {
    throw new Error('Signing in needs sign-in enabled, an active address, an active network and a connection');
  }
  ctx.siwx.set({ status: 'signing', error: undefined });

  let nonce: string;
  try {
    nonce = await auth.getNonce();
  } catch {
    // SPEC §8: init failure disconnects and resets to Connect, where the error is shown.
    ctx.events.emit('SIWX_AUTH_ERROR', { reason: 'init' });
    await disconnect(ctx).catch(() => undefined);
    ctx.siwx.set({ status: 'error', error: ErrorText.siwxInitFailed });
    land(ctx, { kind: 'signInInitFailed' });
    return false;
  }

  // The message grammar (and keccak for EIP-55) loads only for sites that use sign-in.
  const { buildSiweMessage, toChecksumAddress } = await import('../../siwx/eip4361.ts');
  const issuedAt = new Date(ctx.now());
  const expiresAt = new Date(issuedAt.getTime() + (siwx.expirationSeconds ?? WEEK_SECONDS) * 1000);
  const message = buildSiweMessage({
    domain: siwx.domain ?? location.host,
    // EIP-4361 requires the EIP-55 form whatever the adapter keeps.
    address: toChecksumAddress(account.address),
    ...(siwx.statement ? { statement: siwx.statement } : {}),
    uri: siwx.uri ?? location.origin,
    version: '1',
    chainId: Number(network.id),
    nonce,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expiresAt.toISOString(),
  });
  try {
    const signature = await adapterFor(ctx, network.chainNamespace).signMessage({
      connectorId: account.connectorId,
      address: account.address,
      message,
    });
    const session = await auth.authenticate({ message, signature, ...(siwx.crossSite ? { token: true } : {}) });
    if (siwx.crossSite && session.token) writeSessionToken(session.token);
    ctx.storage.set('siwxSession', { address: account.address, chainId: Number(network.id), expirationTime: expiresAt.toISOString() });
    ctx.siwx.set({
      status: 'authenticated',
      session: { address: account.address, chainId: network.id, expirationTime: expiresAt.toISOString() },
    });
    ctx.events.emit('SIWX_AUTH_SUCCESS', { network: network.caipNetworkId });
    land(ctx, { kind: 'signInSucceeded' });
    return true;
  } catch (error) {
    console.warn('[cairn] sign-in failed', error);
    // SPEC §8: a smart account's failure may be the site's verifier, not the visitor's refusal.
    const accountType = await adapterFor(ctx, network.chainNamespace)
      .getAccountType?.({ address: account.address, network })
      .catch(() => 'eoa' as const);
    const message = accountType === 'smartAccount' ? ErrorText.smartAccountsUnsupported : ErrorText.signatureDeclined;
    ctx.siwx.set({ status: 'error', error: message });
    ctx.events.emit('SIWX_AUTH_ERROR', { reason: 'signature' });
    land(ctx, { kind: 'signInFailed' });
    return false;
  }
}
