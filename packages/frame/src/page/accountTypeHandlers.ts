import type { FrameHandlers } from '../host/frameHost.ts';
import type { FrameLogin } from '../login/frameLogin.ts';

export const SMART_ACCOUNTS_OFF = 'Smart accounts are not enabled on this network';

/**
 * SPEC §7's smart-account networks and preferred account, for a frame whose wallet is its EOA only:
 * no network has smart accounts, and the EOA is the one account to prefer. A frame with smart
 * accounts answers these with its own handlers (they take precedence in frameHandlers).
 */
export function eoaAccountTypeHandlers(login: FrameLogin): FrameHandlers {
  return {
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [] }),
    SET_PREFERRED_ACCOUNT: async ({ type }) => {
      if (type !== 'eoa') throw new Error(SMART_ACCOUNTS_OFF);
      return { type, address: (await login.resume()).address };
    },
  };
}
