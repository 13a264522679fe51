import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODAL_SHAKE_MS } from '../constants.ts';
import { shakeModal } from './modal.ts';
import { createTestCairn } from '../testing/fakeAdapter.ts';

async function start() {
  const test = createTestCairn();
  await test.cairn.ready;
  return test;
}

describe('open', () => {
  it('opens on Connect when disconnected, and emits MODAL_OPEN', async () => {
    const { cairn, events } = await start();
    cairn.open();
    expect(cairn.stores.modal.get().open).toBe(true);
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Connect' }]);
    expect(events.map(({ event, properties }) => ({ event, properties }))).toEqual([
      { event: 'MODAL_OPEN', properties: { connected: false } },
    ]);
  });

  it('opens on Account when connected', async () => {
    const { cairn, events } = await start();
    await cairn.connect('io.metamask');
    cairn.open();
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    expect(events.at(-1)).toMatchObject({ event: 'MODAL_OPEN', properties: { connected: true } });
  });

  it('opens on the view asked for, with its data', async () => {
    const { cairn } = await start();
    cairn.open({ view: 'AllWallets' });
    expect(cairn.stores.router.get().history).toEqual([{ view: 'AllWallets' }]);
    cairn.open({ view: 'SwitchNetwork', data: { network: 'eip155:10' } });
    expect(cairn.stores.router.get().history).toEqual([{ view: 'SwitchNetwork', data: { network: 'eip155:10' } }]);
  });

  it('starts a fresh stack each time it opens', async () => {
    const { cairn } = await start();
    cairn.open();
    cairn.stores.router.push('AllWallets');
    cairn.close();
    cairn.open();
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Connect' }]);
  });

  it('emits MODAL_OPEN only when the modal was closed', async () => {
    const { cairn, eventNames } = await start();
    cairn.open();
    cairn.open({ view: 'Networks' });
    expect(eventNames()).toEqual(['MODAL_OPEN']);
  });
});

describe('close', () => {
  it('closes and emits MODAL_CLOSE', async () => {
    const { cairn, events } = await start();
    cairn.open();
    cairn.close();
    expect(cairn.stores.modal.get().open).toBe(false);
    expect(events.at(-1)).toMatchObject({ event: 'MODAL_CLOSE', properties: { connected: false } });
  });

  it('reports whether a wallet is connected', async () => {
    const { cairn, events } = await start();
    await cairn.connect('io.metamask');
    cairn.open();
    cairn.close();
    expect(events.at(-1)).toMatchObject({ event: 'MODAL_CLOSE', properties: { connected: true } });
  });

  it('drops a failed connection attempt, so reopening shows no stale error', async () => {
    const { cairn, adapter } = await start();
    cairn.open();
    adapter.failNext('connect', { code: 4001 });
    await cairn.connect('io.metamask');
    expect(cairn.stores.connection.get().connecting).toBeDefined();
    cairn.close();
    expect(cairn.stores.connection.get().connecting).toBeUndefined();
  });

  it('does nothing when already closed', async () => {
    const { cairn, eventNames } = await start();
    cairn.close();
    expect(eventNames()).toEqual([]);
  });
});

describe('shake (SPEC §9: 500 ms on a refused action)', () => {
  afterEach(() => vi.useRealTimers());

  it('shakes the open modal for MODAL_SHAKE_MS; a second refusal restarts it; closing stops it', async () => {
    const { cairn } = await start();
    vi.useFakeTimers();
    const ctx = { modal: cairn.stores.modal };
    shakeModal(ctx); // closed: nothing to shake
    expect(cairn.stores.modal.get().shaking).toBe(false);
    cairn.open();
    shakeModal(ctx);
    expect(MODAL_SHAKE_MS).toBe(500);
    expect(cairn.stores.modal.get().shaking).toBe(true);
    vi.advanceTimersByTime(400);
    shakeModal(ctx);
    vi.advanceTimersByTime(400);
    expect(cairn.stores.modal.get().shaking).toBe(true);
    vi.advanceTimersByTime(100);
    expect(cairn.stores.modal.get().shaking).toBe(false);
    shakeModal(ctx);
    cairn.close();
    expect(cairn.stores.modal.get()).toEqual({ open: false, shaking: false });
  });
});
