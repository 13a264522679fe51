import type { FrameHandlers } from '../host/frameHost.ts';
import type { FrameLogin } from '../login/frameLogin.ts';
import type { FrameUser } from '../protocol/events.ts';
import { eoaAccountTypeHandlers } from './accountTypeHandlers.ts';
import { ETHEREUM_PATH } from '../custody/walletSecret.ts';
import { SOLANA_PATH } from '../custody/solanaAccount.ts';

/** CONNECT_FARCASTER before the link was asked for (GET_FARCASTER_URI). */
export const FARCASTER_NOT_STARTED = 'Open the Farcaster link first';
import type { FrameAccounts } from '../smartAccount/frameAccounts.ts';

/** A social login the widget opened the popup for, awaited by CONNECT_SOCIAL. */
type PendingSocial = { provider: string; finish(): Promise<unknown> };

/**
 * The login requests of SPEC §4/§7, answered by the frame's login (e-mail codes, social logins,
 * e-mail update); the wallet they open stays in the frame.
 */
export function loginHandlers(login: FrameLogin, chainId: () => number, accounts?: FrameAccounts): FrameHandlers {
  let social: PendingSocial | undefined;
  let farcaster: { finish(): Promise<unknown> } | undefined;
  const user = async (): Promise<FrameUser> => {
    const account = await login.resume();
    const email = login.loggedInUser?.email ?? undefined;
    const onChain = accounts
      ? await accounts.user(account, chainId())
      : { address: account.address, accounts: [{ address: account.address, type: 'eoa' as const }], smartAccountDeployed: false, preferredAccountType: 'eoa' as const };
    // The same key's Solana account beside the EVM ones (issue 27).
    const solana = login.solanaAccount
      ? [{ address: login.solanaAccount.address, type: 'eoa' as const, namespace: 'solana' as const, publicKey: login.solanaAccount.address, path: SOLANA_PATH }]
      : [];
    // SPEC §3's library-level account: the key's own account says its public key and derivation path (a smart account has neither).
    const evm = onChain.accounts.map((entry) => (entry.address === account.address ? { ...entry, publicKey: account.publicKey, path: ETHEREUM_PATH } : entry));
    return { ...(email ? { email } : {}), chainId: chainId(), ...onChain, accounts: [...evm, ...solana] };
  };
  return {
    ...eoaAccountTypeHandlers(login),
    CONNECT_EMAIL: ({ email }) => login.startEmail(email),
    CONNECT_DEVICE: async () => {
      await login.registerDevice();
      return {};
    },
    // SPEC §7's Farcaster login (issue 27): the link for the site's QR code, then the wait for the visitor's Farcaster app.
    GET_FARCASTER_URI: async (_payload, { origin }) => {
      const started = await login.startFarcaster(origin);
      farcaster = { finish: started.finish };
      return { uri: started.url };
    },
    CONNECT_FARCASTER: async () => {
      if (!farcaster) throw new Error(FARCASTER_NOT_STARTED);
      const pending = farcaster;
      farcaster = undefined;
      await pending.finish();
      return user();
    },
    CONNECT_OTP: async ({ otp }) => {
      await login.verifyOtp(otp);
      return {};
    },
    // The widget opens the popup on the visitor's click (a frame cannot), at the URI the frame gives.
    GET_SOCIAL_REDIRECT_URI: async ({ provider }) => {
      const started = await login.startSocial(provider);
      social = { provider, finish: started.finish };
      return { uri: started.authorizeUrl };
    },
    CONNECT_SOCIAL: async ({ provider }) => {
      if (!social || social.provider !== provider) throw new Error('Open the provider first');
      const pending = social;
      social = undefined;
      await pending.finish();
      return user();
    },
    GET_USER: () => user(),
    IS_CONNECTED: async () => ({ isConnected: await login.isConnected() }),
    SIGN_OUT: async () => {
      await login.signOut();
      return {};
    },
    EXPORT_WALLET: async () => {
      await login.exportWallet();
      return {};
    },
    // The wallet open here first (after a reload, the remembered login unlocks it), then its devices screen.
    MANAGE_DEVICES: async () => {
      await login.resume();
      await login.manageDevices();
      return {};
    },
    UPDATE_EMAIL: ({ email }) => login.startEmailUpdate(email),
    UPDATE_EMAIL_PRIMARY_OTP: async ({ otp }) => {
      await login.confirmEmailUpdatePrimary(otp);
      return {};
    },
    UPDATE_EMAIL_SECONDARY_OTP: async ({ otp }) => ({ newEmail: await login.confirmEmailUpdateSecondary(otp) }),
  };
}
