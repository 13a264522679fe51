import { afterEach, describe, expect, it } from 'vitest';
import { ErrorText } from '@cairn/core';
import { startFrameHost, type FrameHandlers } from '../host/frameHost.ts';
import { fakeEmbedding } from '../testing/fakeWindows.ts';
import { frameOriginOf, getFrameClient, type FrameClient } from './frameClient.ts';

const SITE = 'https://site.example';
const FRAME_URL = 'https://frame.example/frame.html';
let client: FrameClient | undefined;

afterEach(() => {
  client?.destroy();
  client = undefined;
});

/** A site whose client mounts a fake frame page running the real host. */
function siteWithFrame(handlers: FrameHandlers, cleared: string[] = []) {
  const mounts: string[] = [];
  const windows = fakeEmbedding(SITE, new URL(FRAME_URL).origin);
  client = getFrameClient({
    frameUrl: FRAME_URL,
    listenOn: windows.site,
    readyWaitMs: 0,
    loginCache: { clear: () => cleared.push('cleared') },
    mountFrame: (url) => {
      mounts.push(url);
      const host = startFrameHost({ self: windows.frame, selfOrigin: windows.frame.origin, parent: windows.siteFromFrame, allowedOrigins: [SITE], handlers });
      return { window: windows.frameFromSite, failed: new AbortController().signal, remove: () => host.stop() };
    },
  });
  return { mounts, cleared };
}

describe('frame client', () => {
  it('is one instance that mounts the frame once, however often it is asked', async () => {
    const { mounts } = siteWithFrame({ GET_CHAIN_ID: () => ({ chainId: 31337 }) });
    expect(getFrameClient({ frameUrl: FRAME_URL })).toBe(client);
    expect(() => getFrameClient({ frameUrl: 'https://other.example/' })).toThrow(/already runs/);
    const [a, b] = await Promise.all([client!.request('GET_CHAIN_ID', {}), client!.request('GET_CHAIN_ID', {})]);
    expect(a).toEqual({ chainId: 31337 });
    expect(b).toEqual({ chainId: 31337 });
    expect(mounts).toEqual([FRAME_URL]);
  });

  it('a connection check clears the cached login when the frame is not connected, and only then', async () => {
    let connected = true;
    const { cleared } = siteWithFrame({ IS_CONNECTED: () => ({ isConnected: connected }) });
    expect(await client!.checkConnection()).toBe(true);
    expect(cleared).toEqual([]);
    connected = false;
    expect(await client!.checkConnection()).toBe(false);
    expect(cleared).toEqual(['cleared']);
  });

  it("a frame that fails to load gives 'Unable to load email login dependency', and a later init tries again", async () => {
    const failed = new AbortController();
    let mounts = 0;
    client = getFrameClient({
      frameUrl: FRAME_URL,
      listenOn: fakeEmbedding().site,
      mountFrame: () => {
        mounts++;
        return { window: { postMessage: () => undefined }, failed: failed.signal, remove: () => undefined };
      },
    });
    failed.abort();
    await expect(client.request('GET_USER', {})).rejects.toThrow(ErrorText.frameLoadFailed);
    await expect(client.init()).rejects.toThrow(ErrorText.frameLoadFailed);
    expect(mounts).toBe(2);
  });

  it('talks only to an https frame (http on loopback for development)', () => {
    expect(frameOriginOf('https://frame.example/x?y')).toBe('https://frame.example');
    expect(frameOriginOf('http://127.0.0.1:5174/')).toBe('http://127.0.0.1:5174');
    for (const url of ['http://frame.example/', 'javascript:alert(1)', 'data:text/html,x', 'not a url', 'file:///etc/passwd']) {
      expect(() => frameOriginOf(url), url).toThrow(TypeError);
    }
  });
});
