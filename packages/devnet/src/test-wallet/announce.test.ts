import { describe, expect, it } from 'vitest';
import { readVector } from '../testing/readVector.ts';
import { announceTestWallet, type AnnounceTarget } from './announce.ts';
import { createTestWalletProvider } from './createTestWalletProvider.ts';
import { DEFAULT_WALLET_INFOS } from './defaultWallets.ts';
import { injectTestWallet } from './injectTestWallet.ts';

// EIP-6963 checked in Node: a plain EventTarget stands in for window (CustomEvent is global in Node 20).
const discovery = readVector<{
  events: { announce: { type: string }; request: { type: string } };
  reference_library_fixtures: { provider_details: { info: { uuid: string; name: string; icon: string; rdns: string } }[] };
}>('provider/eip6963_discovery.json');
const ANNOUNCE = discovery.events.announce.type;
const REQUEST = discovery.events.request.type;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

function fakeWindow() {
  const target = new EventTarget() as AnnounceTarget;
  const announced: CustomEvent[] = [];
  target.addEventListener(ANNOUNCE, (event) => announced.push(event as CustomEvent));
  return { target, announced };
}

const provider = (info = discovery.reference_library_fixtures.provider_details[0]!.info) =>
  createTestWalletProvider({ privateKey: `0x${'11'.repeat(32)}`, chains: {}, chainId: 31337, info });

describe('announceTestWallet (EIP-6963 wallet side)', () => {
  it('announces a frozen {info, provider} CustomEvent at once', () => {
    const { target, announced } = fakeWindow();
    const wallet = provider();
    announceTestWallet(wallet, wallet.info, { target });
    expect(announced).toHaveLength(1);
    const event = announced[0]!;
    expect(event).toBeInstanceOf(CustomEvent);
    expect(event.type).toBe('eip6963:announceProvider');
    expect(Object.keys(event.detail).sort()).toEqual(['info', 'provider']);
    expect(event.detail.provider).toBe(wallet);
    expect(event.detail.info).toEqual(discovery.reference_library_fixtures.provider_details[0]!.info);
    expect(Object.isFrozen(event.detail)).toBe(true);
    expect(Object.isFrozen(event.detail.info)).toBe(true);
  });

  it('announces again on every eip6963:requestProvider, plain Event or CustomEvent', () => {
    const { target, announced } = fakeWindow();
    const wallet = provider();
    const stop = announceTestWallet(wallet, wallet.info, { target });
    target.dispatchEvent(new Event(REQUEST));
    target.dispatchEvent(new CustomEvent(REQUEST));
    expect(announced).toHaveLength(3);
    expect(announced[2]!.detail).toBe(announced[0]!.detail);
    stop();
    target.dispatchEvent(new Event(REQUEST));
    expect(announced).toHaveLength(3);
  });

  it('can also be window.ethereum, or only window.ethereum', () => {
    const both = fakeWindow();
    const wallet = provider();
    announceTestWallet(wallet, wallet.info, { target: both.target, asWindowEthereum: true });
    expect(both.target.ethereum).toBe(wallet);
    expect(both.announced).toHaveLength(1);

    const legacyOnly = fakeWindow();
    announceTestWallet(wallet, wallet.info, { target: legacyOnly.target, asWindowEthereum: true, announce: false });
    legacyOnly.target.dispatchEvent(new Event(REQUEST));
    expect(legacyOnly.target.ethereum).toBe(wallet);
    expect(legacyOnly.announced).toHaveLength(0);
  });

  it('injects two wallets with distinct, valid info (default names, rdns and icons)', () => {
    const { target, announced } = fakeWindow();
    injectTestWallet({}, 0, target);
    injectTestWallet({ privateKey: `0x${'22'.repeat(32)}` }, 1, target);
    const infos = announced.map((event) => event.detail.info);
    expect(infos.map(({ name, rdns }) => [name, rdns])).toEqual([
      ['Cairn Test Wallet', 'dev.cairn.testwallet'],
      ['Second Test Wallet', 'dev.cairn.testwallet2'],
    ]);
    for (const info of infos) {
      expect(info.uuid).toMatch(UUID_V4);
      expect(info.rdns).toMatch(RDNS);
      expect(info.icon).toMatch(/^data:image\/svg\+xml,/); // RFC 2397 data URI
    }
    expect(infos[0].uuid).not.toBe(infos[1].uuid);
    expect(DEFAULT_WALLET_INFOS[0]!.icon).not.toBe(DEFAULT_WALLET_INFOS[1]!.icon);
  });
});
