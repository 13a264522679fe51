import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { isValidProviderDetail, watchAnnouncedWallets } from './eip6963.ts';
import type { Eip1193Provider, Eip6963ProviderDetail } from './eip1193.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../../../vectors/provider/eip6963_discovery.json', import.meta.url), 'utf8'),
);
const provider = (): Eip1193Provider => ({ request: async () => null });
const fixtures: Eip6963ProviderDetail[] = vectors.reference_library_fixtures.provider_details.map(
  (detail: { info: Eip6963ProviderDetail['info'] }) => ({ info: detail.info, provider: provider() }),
);

/** A bare EventTarget is all EIP-6963 needs of a window (`api_surface` in the vectors). */
function fakeWindow() {
  const target = new EventTarget();
  let requests = 0;
  target.addEventListener(vectors.events.request.type, () => requests++);
  const announce = (detail: unknown) =>
    target.dispatchEvent(new CustomEvent(vectors.events.announce.type, { detail }));
  return { win: target as unknown as Window, announce, requests: () => requests };
}

describe('EIP-6963 provider detail validation', () => {
  it('accepts the spec examples and the reference fixtures', () => {
    const { spec_examples: spec } = vectors;
    for (const icon of [spec.icon_svg_data_uri, spec.icon_png_data_uri]) {
      for (const name of spec.name) {
        expect(isValidProviderDetail({ info: { uuid: crypto.randomUUID(), name, icon, rdns: spec.rdns }, provider: provider() })).toBe(true);
      }
    }
    expect(isValidProviderDetail({ info: { ...fixtures[0]!.info, rdns: spec.rdns_subdomain_form }, provider: provider() })).toBe(true);
    for (const detail of fixtures) expect(isValidProviderDetail(detail)).toBe(true);
  });

  it('ignores extra info properties, as dapps should', () => {
    expect(isValidProviderDetail({ info: { ...fixtures[0]!.info, extra: 1 }, provider: provider() })).toBe(true);
  });

  it.each([
    ['no detail', undefined],
    ['no provider', { info: fixtures[0]!.info }],
    ['a provider without request()', { info: fixtures[0]!.info, provider: {} }],
    ['an icon that is a remote URL, not a data URI', { info: { ...fixtures[0]!.info, icon: 'https://evil.example/x.svg' }, provider: provider() }],
    ['an rdns that is not a domain', { info: { ...fixtures[0]!.info, rdns: 'not a domain' }, provider: provider() }],
    ['a single-label rdns', { info: { ...fixtures[0]!.info, rdns: 'localhost' }, provider: provider() }],
    ['an empty name', { info: { ...fixtures[0]!.info, name: ' ' }, provider: provider() }],
    ['a missing uuid', { info: { ...fixtures[0]!.info, uuid: undefined }, provider: provider() }],
  ])('rejects %s', (_label, detail) => {
    expect(isValidProviderDetail(detail)).toBe(false);
  });
});

describe('watching EIP-6963 announcements', () => {
  it('listens before it requests, and lists announcements in order', () => {
    const { win, announce, requests } = fakeWindow();
    // A wallet that answers every request, as the spec requires.
    win.addEventListener(vectors.events.request.type, () => announce(fixtures[0]));
    const seen: string[][] = [];
    const watcher = watchAnnouncedWallets(win, (list) => seen.push(list.map((d) => d.info.rdns)));
    expect(requests()).toBe(1);
    expect(seen).toEqual([['org.example']]);
    announce(fixtures[1]);
    expect(watcher.list().map((d) => d.info.name)).toEqual(['Example Wallet', 'Foo Wallet']);
  });

  it('ignores a re-announcement of the same session and invalid events', () => {
    const { win, announce } = fakeWindow();
    let changes = 0;
    const watcher = watchAnnouncedWallets(win, () => changes++);
    announce(fixtures[0]);
    announce(fixtures[0]);
    announce({ info: { name: 'x' } });
    announce('garbage');
    expect(changes).toBe(1);
    expect(watcher.list()).toHaveLength(1);
  });

  it('keeps one entry per rdns: a new session of the same wallet replaces the old one', () => {
    const { win, announce } = fakeWindow();
    const watcher = watchAnnouncedWallets(win, () => undefined);
    announce(fixtures[0]);
    const renewed = { info: { ...fixtures[0]!.info, uuid: crypto.randomUUID() }, provider: provider() };
    announce(renewed);
    expect(watcher.list()).toHaveLength(1);
    expect(watcher.list()[0]!.provider).toBe(renewed.provider);
  });

  it('asks the wallets after the first paint while the page loads, and hears a wallet announcing on its own at once', () => {
    vi.useFakeTimers();
    try {
      const { win, announce, requests } = fakeWindow();
      Object.assign(win, { document: { readyState: 'interactive' } });
      const watcher = watchAnnouncedWallets(win, () => undefined);
      expect(requests()).toBe(0);
      announce(fixtures[0]);
      expect(watcher.list()).toHaveLength(1);
      vi.runAllTimers();
      expect(requests()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks at once when the page has loaded, and never when stopped while the page loads', () => {
    vi.useFakeTimers();
    try {
      const loaded = fakeWindow();
      Object.assign(loaded.win, { document: { readyState: 'complete' } });
      watchAnnouncedWallets(loaded.win, () => undefined);
      expect(loaded.requests()).toBe(1);
      const loading = fakeWindow();
      Object.assign(loading.win, { document: { readyState: 'loading' } });
      watchAnnouncedWallets(loading.win, () => undefined).stop();
      vi.runAllTimers();
      expect(loading.requests()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops listening when stopped', () => {
    const { win, announce } = fakeWindow();
    const watcher = watchAnnouncedWallets(win, () => undefined);
    watcher.stop();
    announce(fixtures[0]);
    expect(watcher.list()).toEqual([]);
  });
});
