import { SignClient } from '@walletconnect/sign-client';
import type { SignClientTypes } from '@walletconnect/types';
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_ACCOUNTS, type TestAccount } from '@cairn/devnet';
import { caip2, Inbox, relayCore, WALLET_METHODS, within, type WalletConnectLogLevel } from './walletConnectRelay.ts';

export type AuthenticateRequest = SignClientTypes.EventArguments['session_authenticate'];

export interface AuthenticatingWalletOptions {
  relayUrl: string;
  /** Chains it signs in on: chain id → HTTP RPC URL (only the ids matter: it signs, it does not send). */
  chains: Readonly<Record<number, string>>;
  account?: TestAccount;
  timeoutMs?: number;
  logLevel?: WalletConnectLogLevel;
}

/**
 * A wallet that answers WalletConnect's one-click authenticate (`wc_sessionAuthenticate`): a
 * plain `@walletconnect/sign-client` with a `session_authenticate` listener, so it takes the
 * sign-in request and leaves the session proposal sent beside it unanswered. Approving signs the
 * EIP-4361 message (a CACAO) with its devnet account: one approval, a session and a sign-in.
 */
export async function createAuthenticatingWallet(options: AuthenticatingWalletOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const account = privateKeyToAccount((options.account ?? TEST_ACCOUNTS[0]!).privateKey);
  const supported = Object.keys(options.chains).map((id) => caip2(Number(id)));
  const { core, closeCore } = relayCore('wallet', options.relayUrl, options.logLevel, timeoutMs);
  const client = await within(
    SignClient.init({
      core,
      logger: options.logLevel ?? 'silent',
      metadata: { name: 'Cairn e2e SignClient Wallet', description: 'A sign client wallet in the e2e test process', url: 'http://127.0.0.1', icons: [] },
    }),
    timeoutMs,
    'starting the sign client',
  );
  const authRequests = new Inbox<AuthenticateRequest>();
  client.on('session_authenticate', (request) => authRequests.push(request));
  return {
    address: account.address,
    client,
    async pair(uri: string) {
      await within(client.core.pairing.pair({ uri }), timeoutMs, 'pairing');
    },
    nextAuthRequest: () => authRequests.next(timeoutMs, 'authenticate request'),
    /** Proposals it received (it answers none: a wallet that authenticates ignores the fallback). */
    proposalCount: () => client.proposal.getAll().length,
    /** Signs the sign-in on the first requested chain it supports; resolves with the signed EIP-4361 text. */
    async approve(request: AuthenticateRequest): Promise<string> {
      const payload = populateAuthPayload({ authPayload: request.params.authPayload, chains: supported, methods: [...WALLET_METHODS] });
      const chain = request.params.authPayload.chains.find((each) => supported.includes(each));
      if (!chain) throw new Error('WalletConnect test wallet: none of the requested chains is among its chains');
      const iss = `did:pkh:${chain}:${account.address}`;
      const message = client.formatAuthMessage({ request: payload, iss });
      const signature = await account.signMessage({ message });
      await within(
        client.approveSessionAuthenticate({ id: request.id, auths: [buildAuthObject(payload, { t: 'eip191', s: signature }, iss)] }),
        timeoutMs,
        'approving the authenticate request',
      );
      return message;
    },
    async reject(request: AuthenticateRequest) {
      await within(client.rejectSessionAuthenticate({ id: request.id, reason: getSdkError('USER_REJECTED') }), timeoutMs, 'rejecting the authenticate request');
    },
    sessions: () => client.session.getAll(),
    async close() {
      authRequests.close('closed');
      await closeCore();
    },
  };
}

export type AuthenticatingWallet = Awaited<ReturnType<typeof createAuthenticatingWallet>>;
