import { describe, expect, it } from 'vitest';
import { connectWalletsLayout } from './connectWallets.ts';

const defaults = { legalCheckbox: false, legalAccepted: false, collapseWallets: false, offersLogin: true, walletsExpanded: false };

describe('connectWalletsLayout (SPEC §9 Connect switches)', () => {
  it('by default: no checkbox, the wallets shown and enabled', () => {
    expect(connectWalletsLayout(defaults)).toEqual({ legalCheckbox: false, walletsDisabled: false, walletsCollapsed: false });
  });

  it('legalCheckbox on: the wallet rows stay disabled until the box is ticked', () => {
    expect(connectWalletsLayout({ ...defaults, legalCheckbox: true })).toEqual({ legalCheckbox: true, walletsDisabled: true, walletsCollapsed: false });
    expect(connectWalletsLayout({ ...defaults, legalCheckbox: true, legalAccepted: true }).walletsDisabled).toBe(false);
  });

  it('collapseWallets on: one row stands for the wallets until the visitor asks for them', () => {
    expect(connectWalletsLayout({ ...defaults, collapseWallets: true }).walletsCollapsed).toBe(true);
    expect(connectWalletsLayout({ ...defaults, collapseWallets: true, walletsExpanded: true }).walletsCollapsed).toBe(false);
  });

  it('collapseWallets on without a login to offer: the wallets are all Connect has, so they show', () => {
    expect(connectWalletsLayout({ ...defaults, collapseWallets: true, offersLogin: false }).walletsCollapsed).toBe(false);
  });
});
