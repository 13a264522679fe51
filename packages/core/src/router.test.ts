import { describe, expect, it, vi } from 'vitest';
import { createRouter } from './router.ts';
import { fakeConnector } from './testing/fakeAdapter.ts';

const views = (router: ReturnType<typeof createRouter>) => router.get().history.map((entry) => entry.view);

describe('router', () => {
  it('starts at Connect (SPEC §2)', () => {
    const router = createRouter();
    expect(router.current()).toEqual({ view: 'Connect' });
    expect(views(router)).toEqual(['Connect']);
  });

  it('push adds a view on top, with its data', () => {
    const router = createRouter();
    const connector = fakeConnector('io.metamask');
    router.push('AllWallets');
    router.push('ConnectingExternal', { connector });
    expect(views(router)).toEqual(['Connect', 'AllWallets', 'ConnectingExternal']);
    expect(router.current()).toEqual({ view: 'ConnectingExternal', data: { connector } });
  });

  it('replace swaps the top view and keeps the stack depth', () => {
    const router = createRouter();
    router.push('AllWallets');
    router.replace('Networks');
    expect(views(router)).toEqual(['Connect', 'Networks']);
  });

  it('goBack pops the top view and returns true', () => {
    const router = createRouter();
    router.push('AllWallets');
    expect(router.goBack()).toBe(true);
    expect(views(router)).toEqual(['Connect']);
  });

  it('goBack on a single entry returns false and leaves the stack alone', () => {
    const router = createRouter();
    const listener = vi.fn();
    router.subscribe(listener);
    expect(router.goBack()).toBe(false);
    expect(views(router)).toEqual(['Connect']);
    expect(listener).not.toHaveBeenCalled();
  });

  it('reset leaves exactly one view: Connect by default, or the one given', () => {
    const router = createRouter();
    router.push('AllWallets');
    router.push('Networks');
    router.reset();
    expect(router.get().history).toEqual([{ view: 'Connect' }]);
    router.push('AllWallets');
    router.reset('Account');
    expect(router.get().history).toEqual([{ view: 'Account' }]);
    router.reset('SwitchNetwork', { network: 'eip155:10' });
    expect(router.get().history).toEqual([{ view: 'SwitchNetwork', data: { network: 'eip155:10' } }]);
  });

  it('pushing the same view twice makes one entry', () => {
    const router = createRouter();
    router.push('AllWallets');
    router.push('AllWallets');
    expect(views(router)).toEqual(['Connect', 'AllWallets']);
  });

  it('pushing the same view with the same data twice makes one entry', () => {
    const router = createRouter();
    const data = { network: 'eip155:10' };
    router.push('SwitchNetwork', data);
    router.push('SwitchNetwork', data);
    expect(views(router)).toEqual(['Connect', 'SwitchNetwork']);
  });

  it('a double click that builds the same data afresh still makes one entry', () => {
    const router = createRouter();
    const connector = fakeConnector('io.metamask');
    router.push('ConnectingExternal', { connector });
    router.push('ConnectingExternal', { connector });
    expect(views(router)).toEqual(['Connect', 'ConnectingExternal']);
  });

  it('pushing the same view with different data makes a new entry', () => {
    const router = createRouter();
    router.push('SwitchNetwork', { network: 'eip155:1' });
    router.push('SwitchNetwork', { network: 'eip155:10' });
    router.push('SwitchNetwork');
    expect(router.get().history).toEqual([
      { view: 'Connect' },
      { view: 'SwitchNetwork', data: { network: 'eip155:1' } },
      { view: 'SwitchNetwork', data: { network: 'eip155:10' } },
      { view: 'SwitchNetwork' },
    ]);
  });
});
