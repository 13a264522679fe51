import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { TypeRegistry } from '@polkadot/types';
import type { SignerPayloadJSON } from '@polkadot/types/types';
import { hexToU8a, isHex, u8aEq, u8aToHex, u8aWrapBytes } from '@polkadot/util';
import { cryptoWaitReady, decodeAddress } from '@polkadot/util-crypto';

export type PolkadotTestExtensionOptions = {
  /** Development key URIs (`//Alice`, …): the accounts the extension holds, sr25519. */
  uris: string[];
  /** Its key in `window.injectedWeb3`. */
  name?: string;
  version?: string;
  /** Where "this site is allowed" is kept; localStorage in a page, so a reload stays connected. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
};

type InjectedAccount = { address: string; name: string; type: 'sr25519'; genesisHash: null };
type AccountsListener = (accounts: InjectedAccount[]) => void;

/**
 * A Polkadot browser extension as `window.injectedWeb3` sees one (the protocol of
 * @polkadot/extension-inject): enable(origin) asks the user once per site, then accounts.get /
 * subscribe and a signer with signRaw (bytes wrapped in <Bytes>…</Bytes>, as Polkadot{.js} signs
 * them) and signPayload (an extrinsic payload, signed with its type byte). Refusals reject with the
 * texts real extensions use ('Rejected', 'Cancelled'). The test controls stand for the user.
 */
export function createPolkadotTestExtension(options: PolkadotTestExtensionOptions) {
  const name = options.name ?? 'cairn-test';
  const version = options.version ?? '0.1.0';
  const storageKey = `cairn-polkadot-test-extension:${name}:authorized`;
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  let authorized = storage?.getItem(storageKey) === '1';
  let uris = [...options.uris];
  let pendingRejections = 0;
  let pairs: KeyringPair[] | undefined;
  const listeners = new Set<AccountsListener>();

  const keys = async (): Promise<KeyringPair[]> => {
    if (!pairs) {
      await cryptoWaitReady();
      const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 });
      pairs = uris.map((uri) => keyring.addFromUri(uri, { name: uri.replace(/^\/\//, '') }));
    }
    return pairs;
  };
  const accounts = async (): Promise<InjectedAccount[]> =>
    authorized ? (await keys()).map((pair) => ({ address: pair.address, name: String(pair.meta['name']), type: 'sr25519', genesisHash: null })) : [];
  const emit = async () => {
    const current = await accounts();
    for (const listener of [...listeners]) listener(current);
  };
  const setAuthorized = (value: boolean) => {
    authorized = value;
    if (value) storage?.setItem(storageKey, '1');
    else storage?.removeItem(storageKey);
  };
  const prompt = (refusal: string) => {
    if (pendingRejections === 0) return;
    pendingRejections -= 1;
    throw new Error(refusal);
  };
  const pairFor = async (address: unknown): Promise<KeyringPair> => {
    if (!authorized) throw new Error('The site is not allowed to use this extension');
    // By public key: the api encodes the address with the chain's SS58 prefix, not the account's.
    let publicKey: Uint8Array;
    try {
      publicKey = decodeAddress(address as string);
    } catch {
      throw new Error(`Invalid address ${String(address)}`);
    }
    const pair = (await keys()).find((candidate) => u8aEq(candidate.publicKey, publicKey));
    if (!pair) throw new Error(`Unable to find an account for ${String(address)}`);
    return pair;
  };

  let nextId = 1;
  const signer = {
    async signRaw({ address, data, type }: { address: string; data: string; type: string }) {
      const pair = await pairFor(address);
      if (type !== 'bytes' || !isHex(data)) throw new Error('signRaw: data must be hex bytes');
      prompt('Cancelled');
      return { id: nextId++, signature: u8aToHex(pair.sign(u8aWrapBytes(hexToU8a(data)))) };
    },
    async signPayload(payload: SignerPayloadJSON) {
      const pair = await pairFor(payload.address);
      prompt('Cancelled');
      // As Polkadot{.js} does: a registry that knows the payload's signed extensions, no metadata.
      const registry = new TypeRegistry();
      registry.setSignedExtensions(payload.signedExtensions);
      const { signature } = registry.createType('ExtrinsicPayload', payload, { version: payload.version }).sign(pair);
      return { id: nextId++, signature };
    },
  };

  const extension = {
    name,
    version,
    async enable(origin: string) {
      if (typeof origin !== 'string' || origin.length === 0) throw new Error('enable needs the name of the site');
      if (!authorized) {
        prompt('Rejected');
        setAuthorized(true);
      }
      return {
        accounts: {
          get: () => accounts(),
          subscribe(listener: AccountsListener) {
            listeners.add(listener);
            void accounts().then(listener);
            return () => void listeners.delete(listener);
          },
        },
        signer,
      };
    },

    /** Test control: the next prompt (enable, signRaw, signPayload) is refused; calls add up. */
    rejectNext() {
      pendingRejections += 1;
    },
    /** Test control: the accounts change (another key); a subscribed site hears it. */
    async setAccounts(next: string[]) {
      uris = [...next];
      pairs = undefined;
      await emit();
    },
    /** Test control: the user withdraws the site's permission in the extension. */
    async revoke() {
      setAuthorized(false);
      await emit();
    },
    getState: async () => ({ addresses: (await keys()).map((pair) => pair.address), authorized }),
  };
  return extension;
}

export type PolkadotTestExtension = ReturnType<typeof createPolkadotTestExtension>;

/** Injects the extension as extensions do: an entry in `window.injectedWeb3` under its name. */
export function injectPolkadotTestExtension(extension: PolkadotTestExtension, target: { injectedWeb3?: Record<string, unknown> }): void {
  target.injectedWeb3 ??= {};
  target.injectedWeb3[extension.name] = { enable: (origin: string) => extension.enable(origin), version: extension.version };
}
