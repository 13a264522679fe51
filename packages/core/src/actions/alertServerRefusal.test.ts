import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_PROJECT_ID, startCatalogueServer, type CatalogueServer } from '@cairn/server/testing';
import { ErrorText } from '../errors.ts';
import { HttpError } from '../http.ts';
import { createToastStore } from '../stores/toast.ts';
import { createTestCairn } from '../testing/fakeAdapter.ts';
import { alertServerRefusal } from './alertServerRefusal.ts';

// The real Cairn server, allowing one origin only; what a browser's page would meet.
let server: CatalogueServer;
beforeAll(async () => {
  server = await startCatalogueServer([], { CORS_ORIGINS: 'https://shop.example' });
});
afterAll(() => server?.close());
afterEach(() => vi.restoreAllMocks());

/** The page's fetch as a browser makes it: the page's origin goes with every call. */
const fromOrigin = (origin: string): typeof fetch => (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin } });
/** What the browser hands the page when CORS hides the answer. */
const blockedByBrowser = () => new TypeError('Failed to fetch');

function site(projectId = CATALOGUE_PROJECT_ID) {
  return { options: { api: { url: server.url, projectId } }, toast: createToastStore() };
}

describe("SPEC §8 alerts for the site's configuration", () => {
  it("'Project ID Not Configured' when the site's server refuses the project, as the Connect view opens", async () => {
    const developer = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { cairn } = createTestCairn({ api: { url: server.url, projectId: 'not-this-server' } });
    await cairn.loadWallets();
    expect(cairn.stores.walletList.get().overviewStatus).toBe('error');
    expect(cairn.stores.toast.get()).toMatchObject({ open: true, message: ErrorText.projectIdNotConfigured, variant: 'error' });
    expect(developer).toHaveBeenCalledWith(expect.stringContaining("add it to the server's PROJECT_IDS (projectId \"not-this-server\")"));
    cairn.destroy();
  });

  it("'Invalid App Configuration' when the browser hid the answer and the server says this origin may not read it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stranger = site();
    await alertServerRefusal(stranger, blockedByBrowser(), { fetch: fromOrigin('https://stranger.example') });
    expect(stranger.toast.get()).toMatchObject({ open: true, message: ErrorText.invalidAppConfiguration });
  });

  it('no alert when the origin is allowed (the failure was the network), nor for a server error', async () => {
    const allowed = site();
    await alertServerRefusal(allowed, blockedByBrowser(), { fetch: fromOrigin('https://shop.example') });
    await alertServerRefusal(allowed, new HttpError(503));
    expect(allowed.toast.get().open).toBe(false);
  });
});
