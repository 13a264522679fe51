import { randomUUID } from 'node:crypto';
import { Core } from '@walletconnect/core';
import { keepOnSelfHostedRelay } from '@cairn/walletconnect/client';

// What the e2e tests' WalletConnect peers (walletConnectWallet.ts, signClientDapp.ts,
// authenticatingWallet.ts) share: a core of their own on the local relay, bounded waits, and the
// methods and events a session asks for.

export const WALLET_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'eth_signTransaction',
] as const;
export const WALLET_EVENTS = ['chainChanged', 'accountsChanged'] as const;

/** A peer's pino log level ('silent' by default). */
export type WalletConnectLogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export const caip2 = (chainId: number) => `eip155:${chainId}`;

/** Events that arrive before a test asks for them wait here; an ask waits (bounded) for the next one. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters = new Set<{ resolve(item: T): void; reject(error: Error): void }>();

  push(item: T) {
    const [waiter] = this.waiters;
    if (!waiter) return void this.items.push(item);
    this.waiters.delete(waiter);
    waiter.resolve(item);
  }

  next(timeoutMs: number, what: string): Promise<T> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift()!);
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        resolve: (item: T) => {
          clearTimeout(timer);
          resolve(item);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`WalletConnect test wallet: no ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  close(reason: string) {
    for (const waiter of this.waiters) waiter.reject(new Error(`WalletConnect test wallet: ${reason}`));
    this.waiters.clear();
  }
}

/** `promise`, or an error naming `what` once `timeoutMs` has passed. */
export function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WalletConnect test wallet: ${what} took longer than ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A WalletConnect Core of its own on the local relay: a unique storage prefix (WalletConnect shares
 * one core per prefix in a process) in memory, so no wallet or dapp sees another's (or a past
 * run's) state; kept on the relay (no Verify, no telemetry).
 */
export function relayCore(role: 'wallet' | 'dapp', relayUrl: string, logLevel: WalletConnectLogLevel | undefined, timeoutMs: number) {
  const core = new Core({
    projectId: 'cairn-e2e',
    relayUrl,
    customStoragePrefix: `cairn-e2e-${role}-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: logLevel ?? 'silent',
  });
  keepOnSelfHostedRelay(core);
  const closeCore = async () => {
    core.heartbeat.stop();
    await within(core.relayer.transportClose(), timeoutMs, 'closing the relay connection').catch(() => undefined);
  };
  return { core, closeCore };
}
