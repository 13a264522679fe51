import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { ErrorText } from '../../errors.ts';
import { findNetwork } from '../../stores/network.ts';
import { disconnect } from '../disconnect.ts';
import { land } from '../land.ts';
import type { SiwxMessageInput } from '../../siwx/siwxBackend.ts';

const WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * SPEC §4/§5: builds the EIP-4361 message for the active account and network, asks the wallet to
 * sign it and the backend (Cairn's server, or the site's own) to verify it. Success stores the session, closes the modal and tracks
 * SIWX_AUTH_SUCCESS; a declined or refused signature keeps the sign view open with the error.
 */
export async function signIn(ctx: CairnContext): Promise<boolean> {
  const siwx = ctx.options.siwx;
  const backend = ctx.siwxBackend;
  const account = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  if (!siwx || !backend || !account.address || !network || !account.connectorId) {
    throw new Error('Signing in needs sign-in enabled, an active address, an active network and a connection');
  }
  ctx.siwx.set({ status: 'signing', error: undefined });

  let nonce: string;
  try {
    nonce = await backend.getNonce({ address: account.address, chainId: network.id });
    if (typeof nonce !== 'string' || !/^[a-zA-Z0-9]{8,}$/.test(nonce)) throw new Error('The sign-in backend gave an invalid nonce');
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
  const fields: SiwxMessageInput = {
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
  };
  try {
    const message = backend.createMessage ? await backend.createMessage(fields) : buildSiweMessage(fields);
    if (typeof message !== 'string' || message.length === 0 || message.length > 8192) throw new Error('The sign-in backend made an invalid message');
    const signature = await adapterFor(ctx, network.chainNamespace).signMessage({
      connectorId: account.connectorId,
      address: account.address,
      message,
    });
    if ((await backend.verify({ message, signature, address: account.address, chainId: network.id })) !== true) {
      throw new Error('The sign-in backend refused the signature');
    }
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
