import { adapterFor, type CairnContext } from '../../context.ts';
import type { EmbeddedWalletClient, FrameUser } from './embeddedWalletPlugin.ts';
import { frameAccountDetails } from '../../rules/chainAccounts.ts';
import { authConnector } from './authConnector.ts';
import { ofNamespace } from '../../namespaces.ts';
import { findNetwork, networkForNamespace } from '../../stores/network.ts';
import type { ChainAdapter, ChainNamespace, ConnectionResult } from '../../types.ts';
import { applyConnection } from '../../actions/applyConnection.ts';
import { setActiveNetwork } from '../../actions/setActiveNetwork.ts';

/** One namespace's adapter takes the frame's wallet as its remote provider and connects (or reconnects, silently) through it. */
async function connectThrough(ctx: CairnContext, adapter: ChainAdapter, namespace: ChainNamespace, client: EmbeddedWalletClient, restore: boolean): Promise<ConnectionResult | undefined> {
  if (!adapter.setRemoteProvider) return undefined;
  const connector = authConnector(namespace);
  adapter.setRemoteProvider(connector, client.provider());
  const network = networkForNamespace(ctx.network.get(), namespace, findNetwork(ctx.network.get()) ?? ctx.options.defaultNetwork);
  try {
    const result = restore
      ? await adapter.reconnect({ connectorId: connector.id, ...(network ? { network } : {}) })
      : await adapter.connect({ connectorId: connector.id, ...(network ? { network } : {}) });
    if (!result) adapter.setRemoteProvider(connector, undefined);
    return result;
  } catch (error) {
    adapter.setRemoteProvider(connector, undefined);
    throw error;
  }
}

function store(ctx: CairnContext, namespace: ChainNamespace, connected: ConnectionResult, user: FrameUser) {
  const connector = authConnector(namespace);
  // SPEC §3 library-level accounts: the frame says each key's public key and derivation path.
  const result = { ...connected, accountDetails: frameAccountDetails(user.accounts, namespace) };
  ctx.connection.set((state) => ({
    connectors: state.connectors.some((item) => item.id === connector.id && item.chain === namespace) ? state.connectors : [...state.connectors, connector],
  }));
  applyConnection(ctx, namespace, connector, result);
}

/**
 * Hands the frame's wallet to the EVM adapter as its remote provider (signing goes through the
 * frame's approval screen) and stores the connection; then, where the site has Solana and the
 * frame a Solana account (the same key), to the Solana adapter too (SPEC §9: the auth connector
 * supports eip155 and solana), the EVM network staying the active one. `restore` is a reload:
 * accounts are read silently. Resolves false when the frame has no wallet open.
 */
export async function attachEmbeddedWallet(ctx: CairnContext, client: EmbeddedWalletClient, options: { restore: boolean }): Promise<boolean> {
  const evm = await connectThrough(ctx, adapterFor(ctx, 'eip155'), 'eip155', client, options.restore);
  if (!evm) return false;
  const user = await client.getUser({});
  store(ctx, 'eip155', evm, user);
  const [solanaAdapter] = ofNamespace(ctx.options.adapters, 'solana');
  const hasSolana = networkForNamespace(ctx.network.get(), 'solana') !== undefined && ofNamespace(user.accounts, 'solana').length > 0;
  if (!solanaAdapter || !hasSolana) return true;
  try {
    const solana = await connectThrough(ctx, solanaAdapter, 'solana', client, options.restore);
    if (!solana) return true;
    store(ctx, 'solana', solana, user);
    setActiveNetwork(ctx, 'eip155', evm.chainId);
  } catch (error) {
    // The EVM wallet is connected; the Solana side stays out, and says why in the console.
    console.warn('[cairn] the e-mail wallet could not connect on Solana', error);
  }
  return true;
}
