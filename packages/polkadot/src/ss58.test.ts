import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady, decodeAddress, encodeAddress } from '@polkadot/util-crypto';
import { describe, expect, it } from 'vitest';
import { decodeSs58, encodeSs58, isPolkadotAddress, normalizePolkadotAddress } from './ss58.ts';

// Alice's development key, as every Substrate tool shows it.
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const ALICE_PUBLIC_KEY = 'd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('SS58 addresses', () => {
  it("decodes Alice's generic Substrate address to her public key and prefix 42", () => {
    const { prefix, accountId } = decodeSs58(ALICE);
    expect(prefix).toBe(42);
    expect(hex(accountId)).toBe(ALICE_PUBLIC_KEY);
  });

  it('encodes like @polkadot/util-crypto for one- and two-byte prefixes', async () => {
    await cryptoWaitReady();
    const keyring = new Keyring({ type: 'sr25519' });
    for (const uri of ['//Alice', '//Bob', '//Charlie']) {
      const accountId = keyring.addFromUri(uri).publicKey;
      for (const prefix of [0, 2, 42, 63, 64, 255, 1284, 16383]) {
        const ours = encodeSs58(accountId, prefix);
        expect(ours).toBe(encodeAddress(accountId, prefix));
        expect(decodeSs58(ours)).toEqual({ prefix, accountId: new Uint8Array(decodeAddress(ours)) });
      }
    }
  });

  it('refuses a changed character (checksum), a wrong length, non-base58 text and an EVM address', () => {
    const changed = ALICE.slice(0, 10) + (ALICE[10] === 'a' ? 'b' : 'a') + ALICE.slice(11);
    for (const bad of [changed, ALICE.slice(0, -1), `${ALICE}1`, '0OIl' + ALICE.slice(4), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '', 42 as unknown as string]) {
      expect(isPolkadotAddress(bad)).toBe(false);
      expect(() => normalizePolkadotAddress(bad)).toThrow(/Invalid Polkadot address/);
    }
  });

  it('normalizes by re-encoding, keeping the prefix; surrounding spaces are dropped', () => {
    expect(normalizePolkadotAddress(` ${ALICE} `)).toBe(ALICE);
    const polkadotForm = encodeAddress(`0x${ALICE_PUBLIC_KEY}`, 0);
    expect(normalizePolkadotAddress(polkadotForm)).toBe(polkadotForm);
  });

  it('refuses the reserved prefixes 46 and 47 and a short account id', () => {
    expect(() => encodeSs58(new Uint8Array(32), 46)).toThrow(/prefix/);
    expect(() => encodeSs58(new Uint8Array(31), 42)).toThrow(/32-byte/);
  });
});
