import { userRejected } from '../test-wallet/errors.ts';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type ChangeListener<Account> = (properties: { accounts?: readonly Account[] }) => void;

/**
 * What a Wallet Standard test wallet keeps about the site: whether it is connected (kept in
 * `storage`, so a reload stays connected), the "decline the next prompt" test switch, and the
 * change listeners; with the `standard:disconnect` and `standard:events` features built on them.
 */
export function createSiteAuthorization<Account>(options: { storage: StorageLike | undefined; storageKey: string; accounts: () => readonly Account[] }) {
  const { storage, storageKey } = options;
  let authorized = storage?.getItem(storageKey) === '1';
  let pendingRejections = 0;
  const listeners = new Set<ChangeListener<Account>>();

  const accounts = (): readonly Account[] => (authorized ? options.accounts() : []);
  const emit = () => {
    for (const listener of [...listeners]) listener({ accounts: accounts() });
  };
  const setAuthorized = (value: boolean) => {
    authorized = value;
    if (value) storage?.setItem(storageKey, '1');
    else storage?.removeItem(storageKey);
  };
  /** A user prompt: fails with 4001 while declines are queued. */
  const prompt = () => {
    if (pendingRejections === 0) return;
    pendingRejections -= 1;
    throw userRejected();
  };
  const revoke = () => {
    setAuthorized(false);
    emit();
  };

  return {
    get authorized() {
      return authorized;
    },
    get pendingRejections() {
      return pendingRejections;
    },
    accounts,
    emit,
    prompt,
    revoke,
    /** The connect prompt: the site becomes trusted unless the user declines. */
    approve() {
      if (authorized) return;
      prompt();
      setAuthorized(true);
      emit();
    },
    /** Test control: the next prompts (connect, sign, send) fail with 4001; calls add up. */
    rejectNext(count = 1) {
      pendingRejections += count;
    },
    standardFeatures: {
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          revoke();
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: 'change', listener: ChangeListener<Account>) {
          if (event !== 'change') return () => {};
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    },
  };
}

/**
 * Registers a wallet as the Wallet Standard asks of a wallet: it announces itself now, and again
 * to an app that becomes ready later.
 */
export function registerStandardWallet(wallet: unknown, target: Window, label: string): void {
  const callback = ({ register }: { register(wallet: unknown): unknown }) => register(wallet);
  try {
    target.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: callback }));
  } catch (error) {
    console.error(`could not register the ${label}`, error);
  }
  target.addEventListener('wallet-standard:app-ready', (event) => callback((event as Event & { detail: { register(wallet: unknown): unknown } }).detail));
}
