import { describe, expect, it } from 'vitest';
import { createTestCairn } from './testing/fakeAdapter.ts';
import { cookieToInitialState } from './cookieStorage.ts';

const connections = [{ namespace: 'eip155', connectorId: 'io.metamask', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }];
const cookie = (name: string, value: unknown) => `${encodeURIComponent(name)}=${encodeURIComponent(JSON.stringify(value))}`;

describe('cookieToInitialState', () => {
  it("reads Cairn's cookies from a Cookie header, each checked like a stored value", () => {
    const header = ['theme=dark', cookie('@cairn/connections', connections), cookie('@cairn/activeNetwork', 'eip155:10')].join('; ');
    expect(cookieToInitialState(header)).toEqual({ connections, activeNetwork: 'eip155:10' });
  });

  it('leaves out a bad or foreign value, and gives nothing without cookies', () => {
    expect(cookieToInitialState(`${cookie('@cairn/connections', [{ namespace: 'x' }])}; ${cookie('@cairn/activeNetwork', 'eip155:1')}`)).toEqual({ activeNetwork: 'eip155:1' });
    expect(cookieToInitialState('@cairn%2Fconnections=%7Bnot json')).toBeUndefined();
    expect(cookieToInitialState('')).toBeUndefined();
    expect(cookieToInitialState(undefined)).toBeUndefined();
  });
});

describe('createCairn({ initialState })', () => {
  it('renders a returning visitor as reconnecting with their address, from the first render', () => {
    const { cairn } = createTestCairn({ initialState: { connections: connections as never, activeNetwork: 'eip155:10' } });
    expect(cairn.stores.connection.get().status).toBe('reconnecting');
    expect(cairn.stores.account().get()).toMatchObject({ status: 'reconnecting', address: connections[0]!.address });
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
  });

  it('refuses an initial state that is not one', () => {
    expect(() => createTestCairn({ initialState: { connections: [{ namespace: 'nope' }] } as never })).toThrow('createCairn: `initialState.connections` is not valid');
    expect(() => createTestCairn({ initialState: { recentWallets: [] } as never })).toThrow('is not something Cairn keeps');
  });
});
