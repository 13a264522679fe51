import { associatedTokenAddress, transferSol } from '@cairn/solana/transaction';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solanaRpc } from './solanaRpc.ts';
import { SOLANA_ACCOUNT_LAMPORTS, SOLANA_ACCOUNT_TOKENS, SOLANA_TEST_ACCOUNTS, SOLANA_TEST_TOKEN } from './solanaAccounts.ts';
import { sendSolanaTransaction, solanaBalance, solanaTokenAccountBalance } from './solanaTransactions.ts';
import { startSolanaChain, type SolanaChain } from './startSolanaChain.ts';
import { loadSurfnet } from './surfpoolBinary.ts';

let chain: SolanaChain;
beforeAll(async () => {
  chain = await startSolanaChain({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await chain?.stop();
});

describe('the local Solana chain', () => {
  it('answers on its own port with the test accounts funded', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await solanaRpc(chain.rpcUrl, 'getHealth')).toBe('ok');
    for (const { address } of SOLANA_TEST_ACCOUNTS.slice(1)) expect(await solanaBalance(chain.rpcUrl, address)).toBe(SOLANA_ACCOUNT_LAMPORTS);
  });

  it('has the CSOL mint, created by a real transaction, and 1000 CSOL in each account', async () => {
    const supply = await solanaRpc<{ value: { amount: string; decimals: number } }>(chain.rpcUrl, 'getTokenSupply', [SOLANA_TEST_TOKEN.mint]);
    expect(supply.value).toMatchObject({ amount: String(SOLANA_ACCOUNT_TOKENS * 5n), decimals: 6 });
    for (const { address } of SOLANA_TEST_ACCOUNTS) {
      expect(await solanaTokenAccountBalance(chain.rpcUrl, associatedTokenAddress(address, SOLANA_TEST_TOKEN.mint))).toBe(SOLANA_ACCOUNT_TOKENS);
    }
  });

  it('derives associated token accounts as the chain does', () => {
    // Surfpool's own derivation (a second instance, since the running one belongs to the chain).
    const surfnet = loadSurfnet().startWithConfig({ offline: true });
    try {
      for (const { address } of SOLANA_TEST_ACCOUNTS) expect(associatedTokenAddress(address, SOLANA_TEST_TOKEN.mint)).toBe(surfnet.getAta(address, SOLANA_TEST_TOKEN.mint));
    } finally {
      surfnet.stop();
    }
  });

  it('lands a SOL transfer encoded by @cairn/solana', async () => {
    const [from, to] = [SOLANA_TEST_ACCOUNTS[3]!, SOLANA_TEST_ACCOUNTS[4]!];
    const before = await solanaBalance(chain.rpcUrl, to.address);
    await sendSolanaTransaction(chain.rpcUrl, [transferSol(from.address, to.address, 12_345n)], [from]);
    expect(await solanaBalance(chain.rpcUrl, to.address)).toBe(before + 12_345n);
  });

  it('serves websocket subscriptions on the forwarded port', async () => {
    const socket = new WebSocket(chain.wsUrl);
    const reply = await new Promise<{ result?: unknown }>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' })));
      // The answer to this request (id 1): a slot notification may come first once the clock ticks
      // (ci24 took one for the answer: `result` undefined).
      const answer = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: unknown; result?: unknown };
        if (message.id !== 1) return;
        socket.off('message', answer);
        resolve(message);
      };
      socket.on('message', answer);
    });
    socket.close();
    expect(reply).toMatchObject({ result: expect.any(Number) });
  });
});
