import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutboundConnections } from './testing/blockOutboundConnections.ts';
import { startRelayServer, type RelayServer } from './testing/startRelayServer.ts';
import { closePeers, pairSignAndDisconnect, type WalletConnectPeers } from './testing/walletConnectPeers.ts';

describe('real WalletConnect clients through the relay', () => {
  let server: RelayServer;
  let network: ReturnType<typeof blockOutboundConnections>;
  let peers: Partial<WalletConnectPeers> = {};

  beforeAll(async () => {
    network = blockOutboundConnections();
    server = await startRelayServer();
  });

  afterAll(async () => {
    await closePeers(peers);
    await server?.close();
    network?.restore();
  });

  it('pair, approve, request and disconnect: a sign-client dapp and a WalletKit wallet', async () => {
    await pairSignAndDisconnect(server.url, server.url, (created) => (peers = created));

    // Nothing left 127.0.0.1. These are stock SDK clients, as a third-party dapp or wallet brings
    // them (no keepOnSelfHostedRelay), so they do try the two calls home no SDK option turns off
    // in 2.25 (README): WalletKit's INIT event to pulse.walletconnect.org (sent whatever
    // telemetryEnabled says) and the wallet's Verify lookup of each request at
    // verify.walletconnect.org; both are refused above before any DNS query.
    const knownCallsHome = /^https:\/\/(pulse\.walletconnect\.org\/batch|verify\.walletconnect\.org\/attestation\/[0-9a-f]{64})$/;
    expect(network.attempts.filter((attempt) => attempt.via !== 'fetch' || !knownCallsHome.test(attempt.target))).toEqual([]);
  });
});
