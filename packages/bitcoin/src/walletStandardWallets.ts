import { base64 } from '@scure/base';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { BitcoinWalletError, purposeOf, USER_REJECTED, type BitcoinWalletAccount, type BitcoinWalletHandle } from './walletHandle.ts';

// The Wallet Standard's bitcoin features (wallet-standard extensions/bitcoin.md, defined by
// ExodusMovement/bitcoin-wallet-standard), typed here in the few lines this adapter calls.

type ConnectFeature = { connect(input: { purposes: readonly string[] }): Promise<{ accounts: readonly WalletAccount[] }> };
type DisconnectFeature = { disconnect(): Promise<void> };
type EventsFeature = { on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void };
type SignMessageFeature = { signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]> };
type SignTransactionFeature = {
  signTransaction(...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[] }[]): Promise<readonly { signedPsbt: Uint8Array }[]>;
};

const CONNECT = 'bitcoin:connect';
const feature = <T>(wallet: Wallet, name: string) => (wallet.features as Record<string, unknown>)[name] as T | undefined;

/** A wallet Cairn can use on bip122: it holds bitcoin chains and connects. */
export const isBitcoinWallet = (wallet: Wallet) => wallet.chains.some((chain) => chain.startsWith('bitcoin:')) && feature(wallet, CONNECT) !== undefined;

const isRejection = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return code === USER_REJECTED || code === -32000;
};
const rethrow = (error: unknown): never => {
  if (isRejection(error)) throw new BitcoinWalletError(USER_REJECTED, (error as Error).message || 'User rejected the request.');
  throw error;
};

export function walletStandardWallet(wallet: Wallet): BitcoinWalletHandle {
  const bitcoinAccounts = (accounts: readonly WalletAccount[]) => accounts.filter((account) => account.chains.some((chain) => chain.startsWith('bitcoin:')));
  const toAccount = (account: WalletAccount): BitcoinWalletAccount => ({
    address: account.address,
    purpose: purposeOf(account.address, (account as { purpose?: unknown }).purpose),
    publicKey: Uint8Array.from(account.publicKey),
  });
  const original = (account: BitcoinWalletAccount) => {
    const found = wallet.accounts.find((candidate) => candidate.address === account.address);
    if (!found) throw new Error(`${wallet.name} does not hold ${account.address}`);
    return found;
  };
  const events = feature<EventsFeature>(wallet, 'standard:events');
  const signTransaction = feature<SignTransactionFeature>(wallet, 'bitcoin:signTransaction');
  return {
    connector: { id: `wallet-standard-bitcoin:${wallet.name}`, name: wallet.name, type: 'ANNOUNCED', chain: 'bip122', imageUrl: wallet.icon },
    async connect(silent) {
      if (silent) {
        // The Wallet Standard way: an authorized wallet lists its accounts without being asked.
        const known = bitcoinAccounts(wallet.accounts);
        return known.length > 0 ? known.map(toAccount) : undefined;
      }
      const { accounts } = await feature<ConnectFeature>(wallet, CONNECT)!.connect({ purposes: ['payment', 'ordinals'] }).catch(rethrow);
      return bitcoinAccounts(accounts).map(toAccount);
    },
    async disconnect() {
      await feature<DisconnectFeature>(wallet, 'standard:disconnect')?.disconnect();
    },
    async signMessage(account, message) {
      const signer = feature<SignMessageFeature>(wallet, 'bitcoin:signMessage');
      if (!signer) throw new Error(`${wallet.name} cannot sign messages`);
      const [signed] = await signer.signMessage({ account: original(account), message: new TextEncoder().encode(message) }).catch(rethrow);
      if (!signed || !(signed.signature instanceof Uint8Array) || signed.signature.length === 0) throw new Error(`${wallet.name} returned no signature`);
      return base64.encode(signed.signature);
    },
    ...(signTransaction
      ? {
          async signPsbt(account: BitcoinWalletAccount, psbt: Uint8Array, inputIndexes: readonly number[]) {
            const [signed] = await signTransaction.signTransaction({ psbt, inputsToSign: [{ account: original(account), signingIndexes: [...inputIndexes] }] }).catch(rethrow);
            if (!signed || !(signed.signedPsbt instanceof Uint8Array)) throw new Error(`${wallet.name} returned no transaction`);
            return signed.signedPsbt;
          },
        }
      : {}),
    ...(events
      ? { onAccountsChanged: (listener: (accounts: readonly BitcoinWalletAccount[]) => void) => events.on('change', ({ accounts }) => accounts && listener(bitcoinAccounts(accounts).map(toAccount))) }
      : {}),
  };
}
