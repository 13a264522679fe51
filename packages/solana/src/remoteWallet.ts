import type { Connector, RemoteProvider } from '@cairn/core';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { base58Decode, base58Encode } from './base58.ts';
import { base64Decode, base64Encode } from './base64.ts';
import { isSolanaAddress } from './address.ts';
import { CONNECT, SIGN_AND_SEND_TRANSACTION, SIGN_MESSAGE, SIGN_TRANSACTION, type ConnectFeature, type SignAndSendTransactionFeature, type SignMessageFeature, type SignTransactionFeature } from './walletFeatures.ts';

// A remote wallet session (the e-mail login's secure frame) as a Wallet Standard wallet, so the
// adapter connects, signs and sends through it as through any other. It speaks the Solana JSON-RPC
// methods wallets answer remotely (WalletConnect's): accounts as [{ pubkey }], a message as base58,
// a transaction as base64, a signature as base58.

const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const;
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' as const;

const text = (value: unknown, key: string): string => {
  const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (typeof field !== 'string' || field === '') throw new Error(`The wallet's answer has no ${key}`);
  return field;
};

export function remoteSolanaWallet(connector: Connector, provider: RemoteProvider): Wallet {
  const account = (address: string): WalletAccount => ({ address, publicKey: base58Decode(address), chains: CHAINS, features: [SIGN_MESSAGE, SIGN_TRANSACTION, SIGN_AND_SEND_TRANSACTION] });
  const connect: ConnectFeature = {
    async connect() {
      const answer = await provider.request({ method: 'solana_requestAccounts' });
      const addresses = (Array.isArray(answer) ? answer : []).map((item) => (typeof item === 'object' && item !== null ? (item as { pubkey?: unknown }).pubkey : undefined));
      return { accounts: addresses.filter((address): address is string => typeof address === 'string' && isSolanaAddress(address)).map(account) };
    },
  };
  const signMessage: SignMessageFeature = {
    async signMessage(...inputs) {
      return Promise.all(
        inputs.map(async ({ account: signer, message }) => {
          const answer = await provider.request({ method: 'solana_signMessage', params: { message: base58Encode(message), pubkey: signer.address } });
          return { signedMessage: message, signature: base58Decode(text(answer, 'signature')) };
        }),
      );
    },
  };
  const signTransaction: SignTransactionFeature = {
    async signTransaction(...inputs) {
      return Promise.all(
        inputs.map(async ({ transaction }) => ({ signedTransaction: base64Decode(text(await provider.request({ method: 'solana_signTransaction', params: { transaction: base64Encode(transaction) } }), 'transaction')) })),
      );
    },
  };
  const signAndSendTransaction: SignAndSendTransactionFeature = {
    async signAndSendTransaction(...inputs) {
      return Promise.all(
        inputs.map(async ({ transaction }) => ({ signature: base58Decode(text(await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction: base64Encode(transaction) } }), 'signature')) })),
      );
    },
  };
  return {
    version: '1.0.0',
    name: connector.name,
    icon: ICON,
    chains: CHAINS,
    accounts: [],
    features: { [CONNECT]: { version: '1.0.0', ...connect }, [SIGN_MESSAGE]: { version: '1.0.0', ...signMessage }, [SIGN_TRANSACTION]: { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], ...signTransaction }, [SIGN_AND_SEND_TRANSACTION]: { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], ...signAndSendTransaction } },
  };
}
