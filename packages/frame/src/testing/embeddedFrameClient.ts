import { getFrameClient, type FrameClient } from '../client/frameClient.ts';
import { startFrameHost, type FrameHandlers } from '../host/frameHost.ts';
import type { FrameTimeouts, FrameUser } from '../protocol/events.ts';
import { fakeEmbedding } from './fakeWindows.ts';

export const TEST_SITE = 'https://site.example';
export const TEST_FRAME_URL = 'https://frame.example/';
export const TEST_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const TEST_USER: FrameUser = { address: TEST_ADDRESS, chainId: 31337, accounts: [{ address: TEST_ADDRESS, type: 'eoa' }], smartAccountDeployed: false, preferredAccountType: 'eoa' };

/**
 * The widget's frame client over the real channel and host, in two fake windows; the handlers
 * stand in for the frame page. Destroy it after each test (the client is a singleton).
 */
export function embeddedFrameClient(handlers: FrameHandlers, options: { timeouts?: FrameTimeouts } = {}): FrameClient {
  const windows = fakeEmbedding(TEST_SITE, new URL(TEST_FRAME_URL).origin);
  return getFrameClient({
    frameUrl: TEST_FRAME_URL,
    listenOn: windows.site,
    readyWaitMs: 0,
    ...options,
    mountFrame: () => {
      const host = startFrameHost({ self: windows.frame, selfOrigin: windows.frame.origin, parent: windows.siteFromFrame, allowedOrigins: [TEST_SITE], handlers });
      return { window: windows.frameFromSite, failed: new AbortController().signal, remove: () => host.stop() };
    },
  });
}
