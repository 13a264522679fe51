import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonOptionsFrom } from './buttonOptions.ts';
import { DEFAULT_BUTTON_OPTIONS } from './buttonView.ts';

afterEach(() => vi.restoreAllMocks());

describe('buttonOptionsFrom', () => {
  it('defaults: "Connect Wallet", medium, the balance on large screens only, no network chip', () => {
    expect(buttonOptionsFrom({})).toEqual({ kind: 'account', label: 'Connect Wallet', size: 'md', balance: 'largeScreen', showNetwork: false });
  });

  it('takes every prop a site sets', () => {
    expect(buttonOptionsFrom({ label: 'Sign in', size: 'lg', showBalance: true, showNetwork: true })).toEqual({
      kind: 'account',
      label: 'Sign in',
      size: 'lg',
      balance: 'always',
      showNetwork: true,
    });
  });

  it('reads showBalance per screen size, as RainbowKit does', () => {
    expect(buttonOptionsFrom({ showBalance: false }).balance).toBe('never');
    expect(buttonOptionsFrom({ showBalance: { smallScreen: true, largeScreen: false } }).balance).toBe('smallScreen');
    expect(buttonOptionsFrom({ showBalance: { smallScreen: false, largeScreen: true } }).balance).toBe('largeScreen');
    expect(buttonOptionsFrom({ showBalance: { smallScreen: false, largeScreen: false } }).balance).toBe('never');
  });

  it('falls back to the default for a bad prop, naming it in a console error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = { label: '', size: 'huge', showBalance: 'yes', showNetwork: 1 } as unknown as Parameters<typeof buttonOptionsFrom>[0];
    expect(buttonOptionsFrom(bad)).toEqual(DEFAULT_BUTTON_OPTIONS);
    expect(error.mock.calls.map(([message]) => String(message).match(/<ConnectButton (\w+)>/)?.[1])).toEqual(['label', 'size', 'showBalance', 'showNetwork']);
  });
});
