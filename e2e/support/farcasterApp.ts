import { createWalletClient, viemConnector } from '@farcaster/auth-client';
import { registerFarcasterId, registerFarcasterName } from '@cairn/devnet';
import { DEVNET_FARCASTER_RELAY_KEY } from '@cairn/server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, inject } from 'vitest';

const rpcUrl = () => inject('chains').find((chain) => chain.chainId === 31337)!.url;

/**
 * The Farcaster app holding `custodyKey`: the message for `fid` from the link's channel, signed and
 * handed to the relay of `serverUrl` (the e2e stack's server, or a file's own).
 */
export async function farcasterAppSigns(url: string, custodyKey: `0x${string}`, fid: number, username?: string, serverUrl: string = inject('serverUrl')) {
  const app = createWalletClient({ relay: `${serverUrl}/farcaster`, ethereum: viemConnector({ rpcUrl: rpcUrl() }) });
  const { channelToken } = app.parseSignInURI({ uri: url }) as { channelToken: string };
  const params = new URL(url).searchParams;
  const custody = privateKeyToAccount(custodyKey);
  const built = app.buildSignInMessage({ address: custody.address, fid, uri: params.get('siweUri')!, domain: params.get('domain')!, nonce: params.get('nonce')! });
  if (built.isError) throw built.error;
  const answer = await app.authenticate({ channelToken, authKey: DEVNET_FARCASTER_RELAY_KEY, message: built.message, signature: await custody.signMessage({ message: built.message }), fid, ...(username ? { username } : {}) });
  expect(answer.data).toMatchObject({ state: 'completed', fid });
}

/** A Farcaster account as its app makes one: an fid for a fresh custody key, and its name in the devnet's name registry. */
export async function farcasterAccount(prefix: string) {
  const custodyKey = generatePrivateKey();
  const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
  const name = `${prefix}${Date.now().toString(36)}`.slice(0, 16);
  await registerFarcasterName(inject('fnamesUrl'), custodyKey, fid, name);
  return { custodyKey, fid, name };
}
