// Test double for @cairn/frame's client, for the core's unit tests of the login flow. The real
// client, frame page and server are tested together in e2e/widgetLogin.e2e.ts.
import type { EmbeddedWalletClient, EmbeddedWalletPlugin, FramePlacement, FrameUser } from '../features/embeddedWallet/embeddedWalletPlugin.ts';
import type { FramePromptKind } from '../features/embeddedWallet/framePromptKind.ts';
import type { RemoteProvider } from '../types.ts';

export interface ScriptedEmbeddedWallet {
  client: EmbeddedWalletClient;
  plugin: EmbeddedWalletPlugin;
  /** Codes the "server" mailed, by address. */
  readonly mailed: Map<string, string>;
  readonly calls: string[];
  readonly placements: (FramePlacement | undefined)[];
  /** The frame's own screen opens (asking this of the visitor) or closes. */
  prompt(open: boolean, kind?: FramePromptKind): void;
  /** The next connectEmail fails with this message (the server's throttle, say). */
  failNextEmail(message: string): void;
  loggedIn: boolean;
  /** Set: the Farcaster sign-in fails with this (the server refused the signature, say). */
  farcasterRefusal?: string;
}

/** The devnet's first account's secp256k1 public key (uncompressed), as the frame gives it. */
export const SCRIPTED_PUBLIC_KEY = '0x048318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed753547f11ca8696646f2f3acb08e31016afac23e630c5d11f59f61fef57b0d2aa5';

const USER: FrameUser = {
  address: '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266',
  chainId: 1,
  accounts: [{ address: '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266', type: 'eoa', publicKey: SCRIPTED_PUBLIC_KEY, path: "m/44'/60'/0'/0/0" }],
  smartAccountDeployed: false,
  preferredAccountType: 'eoa',
};

/** The frame's key as a smart account (SPEC §3), preferred at first, and its EOA; `onSwitch` is told the address that acts after SET_PREFERRED_ACCOUNT. */
export interface ScriptedSmartAccount {
  eoa: string;
  enabledNetworks: number[];
  onSwitch(address: string): void;
}

/** `solanaAddress`: the frame's Solana account (the same key's), listed beside the EVM one. */
export function createScriptedEmbeddedWallet(options: { solanaAddress?: string; smartAccount?: ScriptedSmartAccount } = {}): ScriptedEmbeddedWallet {
  const smart = options.smartAccount;
  const solana = options.solanaAddress ? [{ address: options.solanaAddress, type: 'eoa' as const, namespace: 'solana' as const }] : [];
  let user: FrameUser = smart
    ? { ...USER, accounts: [{ address: USER.address, type: 'smartAccount' }, { address: smart.eoa, type: 'eoa' }, ...solana], preferredAccountType: 'smartAccount' }
    : { ...USER, accounts: [...USER.accounts, ...solana] };
  const mailed = new Map<string, string>();
  const calls: string[] = [];
  const placements: (FramePlacement | undefined)[] = [];
  const promptListeners = new Set<(open: boolean, kind: FramePromptKind) => void>();
  let pendingEmail: string | undefined;
  let emailFailure: string | undefined;
  let updating: { email: string; step: 'primary' | 'secondary' } | undefined;
  const provider: RemoteProvider = {
    request: async () => null,
    on: () => undefined,
    removeListener: () => undefined,
  };
  const scripted: ScriptedEmbeddedWallet = {
    mailed,
    calls,
    placements,
    loggedIn: false,
    prompt: (open, kind = 'approval') => promptListeners.forEach((listener) => listener(open, kind)),
    failNextEmail: (message) => (emailFailure = message),
    client: {
      async connectEmail(email) {
        calls.push(`connectEmail ${email}`);
        if (emailFailure) {
          const message = emailFailure;
          emailFailure = undefined;
          throw new Error(message);
        }
        pendingEmail = email;
        mailed.set(email, '123456');
        return { action: 'VERIFY_OTP' };
      },
      async connectDevice() {
        calls.push('connectDevice');
      },
      async connectOtp(otp) {
        calls.push(`connectOtp ${otp}`);
        if (!pendingEmail || mailed.get(pendingEmail) !== otp) throw new Error('The code is wrong or has expired');
        scripted.loggedIn = true;
      },
      async socialRedirectUri(provider) {
        calls.push(`socialRedirectUri ${provider}`);
        return `http://127.0.0.1:9400/auth?provider=${provider}`;
      },
      async connectSocial(provider) {
        calls.push(`connectSocial ${provider}`);
        scripted.loggedIn = true;
        return user;
      },
      async farcasterUri() {
        calls.push('farcasterUri');
        return 'https://farcaster.xyz/~/siwf?channelToken=test&nonce=abcdefgh';
      },
      async connectFarcaster() {
        calls.push('connectFarcaster');
        if (scripted.farcasterRefusal) throw new Error(scripted.farcasterRefusal);
        scripted.loggedIn = true;
        return user;
      },
      async getUser() {
        if (!scripted.loggedIn) throw new Error('Log in with your e-mail or a social account first');
        return user;
      },
      async isConnected() {
        calls.push('isConnected');
        return scripted.loggedIn;
      },
      async signOut() {
        calls.push('signOut');
        scripted.loggedIn = false;
      },
      ...(smart
        ? {
            async setPreferredAccount(type: 'eoa' | 'smartAccount') {
              calls.push(`setPreferredAccount ${type}`);
              const address = user.accounts.find((account) => account.type === type)!.address;
              user = { ...user, address, preferredAccountType: type };
              smart.onSwitch(address);
              return { type, address };
            },
            smartAccountEnabledNetworks: async () => smart.enabledNetworks,
          }
        : {}),
      provider: () => provider,
      onPrompt(listener) {
        promptListeners.add(listener);
        return () => promptListeners.delete(listener);
      },
      placeFrame: (placement) => placements.push(placement),
      syncTheme: async () => undefined,
      async exportWallet() {
        calls.push('exportWallet');
        if (!scripted.loggedIn) throw new Error('Log in with your e-mail or a social account first');
      },
      async manageDevices() {
        calls.push('manageDevices');
        if (!scripted.loggedIn) throw new Error('Log in with your e-mail or a social account first');
      },
      // SPEC §4's update: '111111' is the current address's code, '222222' the new one's.
      async updateEmail(email) {
        calls.push(`updateEmail ${email}`);
        if (!scripted.loggedIn) throw new Error('Log in with your e-mail or a social account first');
        updating = { email, step: 'primary' };
      },
      async updateEmailPrimaryOtp(otp) {
        calls.push(`updateEmailPrimaryOtp ${otp}`);
        if (updating?.step !== 'primary' || otp !== '111111') throw new Error('Invalid code');
        updating = { ...updating, step: 'secondary' };
      },
      async updateEmailSecondaryOtp(otp) {
        calls.push(`updateEmailSecondaryOtp ${otp}`);
        if (updating?.step !== 'secondary' || otp !== '222222') throw new Error('Invalid code');
        const { email } = updating;
        updating = undefined;
        return email;
      },
    },
    plugin: {
      kind: 'embeddedWallet',
      frameUrl: 'http://127.0.0.1:5174/',
      createClient: async () => scripted.client,
    },
  };
  return scripted;
}
