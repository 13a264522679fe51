import type { EmbeddedWalletClient, FramePlacement, FramePromptKind } from '@cairn/core';
import type { SupportedLocale } from '@cairn/core/rules';
import { getFrameClient } from '../client/frameClient.ts';
import { FRAME_TIMEOUTS_MS, type FrameTimeouts, type FrameUser } from '../protocol/events.ts';
import { mountPlaceableFrame } from './frameMount.ts';
import { createFrameProvider } from './frameProvider.ts';
import { resumeLogin } from './resumeLogin.ts';

export interface EmbeddedWalletClientParams {
  frameUrl: string;
  timeouts?: Partial<FrameTimeouts>;
  projectId?: string;
  metadata: { name: string; url: string };
  /** The widget's language: the frame's screens show it too. */
  locale?: SupportedLocale;
}

const SDK_VERSION = '0.1.0';

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The core's view of the frame (EmbeddedWalletClient) over the frame client: mounts the frame,
 * tells it the site's project (its login talks to the site's server), and keeps the logged-in user
 * for the EIP-1193 provider.
 */
export async function createEmbeddedWalletClient(params: EmbeddedWalletClientParams): Promise<EmbeddedWalletClient> {
  let mounted: ReturnType<typeof mountPlaceableFrame> | undefined;
  const promptListeners = new Set<(open: boolean, kind: FramePromptKind) => void>();
  const client = getFrameClient({
    frameUrl: params.frameUrl,
    mountFrame: (url) => (mounted = mountPlaceableFrame(url)),
    onPrompt: (open, kind) => promptListeners.forEach((listener) => listener(open, kind)),
    ...(params.timeouts ? { timeouts: { ...FRAME_TIMEOUTS_MS, ...params.timeouts } } : {}),
  });
  await client.init();
  const metadata = params.metadata.url && isHttpUrl(params.metadata.url) ? { metadata: { name: params.metadata.name.slice(0, 256), url: params.metadata.url } } : {};
  await client.request('SYNC_DAPP_DATA', { ...(params.projectId ? { projectId: params.projectId } : {}), sdkType: 'cairn', sdkVersion: SDK_VERSION, ...metadata, ...(params.locale ? { locale: params.locale } : {}) });

  let user: FrameUser | undefined;
  const loadUser = async () => {
    user = await client.request('GET_USER', {});
    return user;
  };
  const provider = createFrameProvider(client, () => user, loadUser);
  return {
    connectEmail: (email) => client.request('CONNECT_EMAIL', { email }),
    connectDevice: async () => {
      await client.request('CONNECT_DEVICE', {});
    },
    // A step that timed out resumes where it was: the user is read back from the frame.
    connectOtp: async (otp) => {
      await resumeLogin(client.request('CONNECT_OTP', { otp }).then(loadUser), loadUser);
    },
    socialRedirectUri: async (provider) => (await client.request('GET_SOCIAL_REDIRECT_URI', { provider })).uri,
    farcasterUri: async () => (await client.request('GET_FARCASTER_URI', {})).uri,
    connectFarcaster: async () => {
      user = await resumeLogin(client.request('CONNECT_FARCASTER', {}), loadUser);
      return user;
    },
    connectSocial: async (provider) => {
      user = await resumeLogin(client.request('CONNECT_SOCIAL', { provider }), loadUser);
      return user;
    },
    getUser: async ({ chainId }) => {
      user = await client.request('GET_USER', chainId === undefined ? {} : { chainId });
      return user;
    },
    // The frame acts as the other account from now on: the provider tells the adapter.
    setPreferredAccount: async (type) => {
      const answer = await client.request('SET_PREFERRED_ACCOUNT', { type });
      await loadUser();
      provider.emit('accountsChanged', [answer.address]);
      return answer;
    },
    smartAccountEnabledNetworks: async () => (await client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).smartAccountEnabledNetworks,
    isConnected: async () => {
      const connected = await client.checkConnection();
      if (!connected) user = undefined;
      return connected;
    },
    signOut: async () => {
      await client.request('SIGN_OUT', {});
      user = undefined;
      provider.emit('accountsChanged', []);
    },
    provider: () => provider,
    onPrompt: (listener) => {
      promptListeners.add(listener);
      return () => promptListeners.delete(listener);
    },
    placeFrame: (placement: FramePlacement | undefined) => mounted?.place(placement),
    exportWallet: async () => {
      await client.request('EXPORT_WALLET', {});
    },
    manageDevices: async () => {
      await client.request('MANAGE_DEVICES', {});
    },
    updateEmail: async (email) => {
      await client.request('UPDATE_EMAIL', { email });
    },
    updateEmailPrimaryOtp: async (otp) => {
      await client.request('UPDATE_EMAIL_PRIMARY_OTP', { otp });
    },
    updateEmailSecondaryOtp: async (otp) => {
      const { newEmail } = await client.request('UPDATE_EMAIL_SECONDARY_OTP', { otp });
      if (user) user = { ...user, email: newEmail };
      return newEmail;
    },
    syncTheme: async (themeMode) => {
      await client.request('SYNC_THEME', { themeMode });
    },
  };
}
