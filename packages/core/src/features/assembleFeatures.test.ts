import { describe, expect, it } from 'vitest';
import { createStore } from '../createStore.ts';
import { walletListTestContext } from '../testing/walletListTestContext.ts';
import { createTestCairn } from '../testing/fakeAdapter.ts';
import type { CairnFeature } from './cairnFeature.ts';
import { createFeatureStores, featureFacades, featurePublicStores, featureResets, featureSessions, setupFeatures } from './assembleFeatures.ts';
import { FEATURES } from './featureList.ts';
import { AUTH_CONNECTOR_ID } from './embeddedWallet/authConnector.ts';

// A feature made up for the test: a counter that a disconnect zeroes and another network halves.
function counterFeature(log: string[]): CairnFeature {
  return {
    stores: { counter: () => createStore({ count: 4 }) } as never,
    resetOnDisconnect: (ctx) => log.push(`disconnect ${(ctx as unknown as { counter: { get(): { count: number } } }).counter.get().count}`),
    resetOnNetworkChange: () => log.push('networkChange'),
    facade: { counterTwice: (ctx: unknown) => () => (ctx as { counter: { get(): { count: number } } }).counter.get().count * 2 } as never,
  };
}

describe('the feature table', () => {
  it('gives every listed feature its stores, fresh for each instance', () => {
    const table = [counterFeature([])];
    const first = createFeatureStores(table) as unknown as { counter: { get(): unknown } };
    const second = createFeatureStores(table) as unknown as { counter: { get(): unknown } };
    expect(first.counter.get()).toEqual({ count: 4 });
    expect(first.counter).not.toBe(second.counter);
  });

  it("makes a feature's stores and methods on first read, not before: the button paints without them", () => {
    const made: string[] = [];
    const table: CairnFeature[] = [{ stores: { counter: () => (made.push('store'), createStore({ count: 4 })) } as never, facade: { counterTwice: () => (made.push('method'), () => 8) } as never }];
    const stores = createFeatureStores(table) as unknown as { counter: { get(): unknown } };
    const facade = featureFacades(table, walletListTestContext().ctx) as unknown as { counterTwice(): number };
    expect(made).toEqual([]);
    expect(facade.counterTwice()).toBe(8);
    expect(stores.counter).toBe(stores.counter);
    expect(made).toEqual(['method', 'store']);
  });

  it("puts each feature's methods on the instance, bound to the context", () => {
    const { ctx } = walletListTestContext();
    const table = [counterFeature([])];
    Object.assign(ctx, createFeatureStores(table));
    const facade = featureFacades(table, ctx) as unknown as { counterTwice(): number };
    expect(facade.counterTwice()).toBe(8);
  });

  it('resets each feature on a disconnect and on another network, and only the one asked for', () => {
    const log: string[] = [];
    const { ctx } = walletListTestContext();
    const table = [counterFeature(log), { resetOnDisconnect: () => log.push('second') }];
    Object.assign(ctx, createFeatureStores(table));
    featureResets(table)(ctx, 'disconnect');
    featureResets(table)(ctx, 'networkChange');
    expect(log).toEqual(['disconnect 4', 'second', 'networkChange']);
  });

  it("lets a feature add its part of the context from the site's options, and show a store of it on the instance", () => {
    const { ctx } = walletListTestContext();
    const part = createStore({ on: true });
    const table: CairnFeature[] = [
      { setup: (setupCtx) => Object.assign(setupCtx, { part: setupCtx.options.features.send ? part : undefined }), publicStores: { part: (storesCtx: unknown) => (storesCtx as { part: unknown }).part } as never },
    ];
    setupFeatures(table, ctx);
    expect((ctx as unknown as { part: unknown }).part).toBe(part);
    expect(featurePublicStores(table, ctx)).toEqual({ part });
  });

  it('lists sign-in, WalletConnect, the catalogue, Networks, analytics, the legal checkbox, account types and the e-mail/social login beside the wallet features, each once', () => {
    const { cairn } = createTestCairn();
    expect(FEATURES.length).toBe(14);
    expect(cairn.stores.embeddedLogin.get().status).toBe('idle');
    expect(cairn.stores.accountTypes.get().preferredAccountTypes.eip155).toBe('smartAccount');
    expect(cairn.stores.siwx.get().status).toBe('idle');
    expect(cairn.stores.legalConsent.get().accepted).toBe(false);
    expect(cairn.stores.walletList.get().overviewStatus).toBe('idle');
    expect(cairn.stores.walletConnect.get().status).toBe('idle');
    for (const method of ['signIn', 'cancelSignIn', 'loadWallets', 'searchWallets', 'selectWallet', 'connectWalletConnect', 'cancelWalletConnect', 'switchNetwork', 'setLegalConsent', 'loginWithEmail', 'verifyEmailOtp', 'loginWithSocial', 'exportEmbeddedWallet', 'manageEmbeddedDevices', 'openEmailUpdate', 'updateEmail', 'verifyEmailUpdateOtp', 'syncFrameTheme', 'placeFrame'] as const) {
      expect(typeof cairn[method], method).toBe('function');
    }
  });

  it("gives disconnect and reconnect each feature's connector session by its connector id (the e-mail/social login's is one)", () => {
    const session = { connectorId: 'shared', end: () => Promise.resolve(), restore: () => Promise.resolve(true) };
    expect(featureSessions([counterFeature([]), { session }]).get('shared')).toBe(session);
    expect([...walletListTestContext().ctx.sessions.keys()]).toEqual([AUTH_CONNECTOR_ID]);
  });

  it("clears the Send form through the table when the wallet's network changes", () => {
    const { ctx } = walletListTestContext();
    ctx.send.set({ sendTokenAmount: '1', receiverAddress: '0xabc' });
    featureResets(FEATURES)(ctx, 'networkChange');
    expect(ctx.send.get().sendTokenAmount).toBeUndefined();
    expect(ctx.send.get().receiverAddress).toBeUndefined();
  });
});
