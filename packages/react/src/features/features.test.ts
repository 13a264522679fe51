import { WALLET_FEATURES } from '@cairn/core/rules';
import { describe, expect, it } from 'vitest';
import { FEATURE_UI, FEATURE_VIEWS } from './features.ts';

describe("the modal's feature table", () => {
  it("offers a button on Account for each of SPEC §9's wallet features, each opening one of the table's views", () => {
    const buttons = FEATURE_UI.flatMap((feature) => (feature.walletFeature ? [feature.walletFeature] : []));
    expect(buttons.map((button) => button.feature).sort()).toEqual([...WALLET_FEATURES].sort());
    for (const button of buttons) expect(FEATURE_VIEWS[button.view], button.view).toBeDefined();
  });

  it('gives every view a title, so every dialog is labelled', () => {
    const titles = Object.entries(FEATURE_VIEWS).map(([view, shown]) => [view, shown.title(undefined)]);
    expect(titles).toEqual(expect.arrayContaining([['Send', 'Send'], ['Buy', 'Buy'], ['Activity', 'Activity'], ['RegisterAccountName', 'Choose a Name'], ['EmailVerifyOtp', 'Confirm Email'], ['ApproveTransaction', 'Approve'], ['UpdateEmailWallet', 'Edit email']]));
    for (const [view, title] of titles) expect(title, view).not.toBe('');
  });

  it("puts the rows of Activity, names and account types on Account, the login's e-mail change and export above Disconnect, and no view in two features", () => {
    expect(FEATURE_UI.filter((feature) => feature.AccountRow).length).toBe(3);
    expect(FEATURE_UI.filter((feature) => feature.AccountAction).length).toBe(1); // the e-mail/social login
    const views = FEATURE_UI.flatMap((feature) => Object.keys(feature.views));
    expect(new Set(views).size).toBe(views.length);
  });
});
