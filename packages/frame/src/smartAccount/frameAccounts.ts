import type { Address, PrivateKeyAccount } from 'viem';
import type { FrameConfig } from '../page/frameConfig.ts';
import type { AccountType, PreferredAccountStore } from './preferredAccountStore.ts';
import type { SmartAccountSender } from './smartAccountSender.ts';
import { SmartAccountText } from './smartAccountText.ts';

/** SPEC §3: the frame user's account fields on one network. */
export interface FrameUserAccounts {
  address: Address;
  accounts: { address: Address; type: AccountType }[];
  smartAccountDeployed: boolean;
  preferredAccountType: AccountType;
}

/** The account the frame acts as on a network: the key itself, or its smart account. */
export type ActiveAccount = { type: 'eoa'; address: Address } | { type: 'smartAccount'; address: Address; sender: SmartAccountSender };


/**
 * The key's accounts per network: the EOA everywhere, and its smart account where the network
 * enables one (SPEC §6). The preferred type is the user's (kept across reloads); on a network
 * without smart accounts the EOA acts.
 */
export function frameAccounts(options: {
  config: FrameConfig;
  preferred: PreferredAccountStore;
  /** Builds the key's smart account on a network (lazily loaded: its code is not on the page until used). */
  loadSender(owner: PrivateKeyAccount, chainId: number): Promise<SmartAccountSender>;
}) {
  const senders = new Map<string, Promise<SmartAccountSender>>();
  const enabledNetworks = () => options.config.networks.filter((network) => network.smartAccount).map((network) => network.chainId);
  const isEnabled = (chainId: number) => enabledNetworks().includes(chainId);
  const senderFor = (owner: PrivateKeyAccount, chainId: number) => {
    const key = `${chainId}:${owner.address}`;
    let sender = senders.get(key);
    if (!sender) {
      sender = options.loadSender(owner, chainId);
      senders.set(key, sender);
      sender.catch(() => senders.delete(key));
    }
    return sender;
  };

  const active = async (owner: PrivateKeyAccount, chainId: number): Promise<ActiveAccount> => {
    if (options.preferred.get() !== 'smartAccount' || !isEnabled(chainId)) return { type: 'eoa', address: owner.address };
    const sender = await senderFor(owner, chainId);
    return { type: 'smartAccount', address: sender.address, sender };
  };

  return {
    enabledNetworks,
    active,
    async user(owner: PrivateKeyAccount, chainId: number): Promise<FrameUserAccounts> {
      const preferredAccountType = options.preferred.get();
      if (!isEnabled(chainId)) return { address: owner.address, accounts: [{ address: owner.address, type: 'eoa' }], smartAccountDeployed: false, preferredAccountType };
      const sender = await senderFor(owner, chainId);
      const smartAccountDeployed = await sender.isDeployed();
      const accounts: FrameUserAccounts['accounts'] = [{ address: sender.address, type: 'smartAccount' }, { address: owner.address, type: 'eoa' }];
      return { address: preferredAccountType === 'smartAccount' ? sender.address : owner.address, accounts, smartAccountDeployed, preferredAccountType };
    },
    /** SET_PREFERRED_ACCOUNT: the smart account only where the network enables it. */
    async setPreferred(owner: PrivateKeyAccount, chainId: number, type: AccountType): Promise<{ type: AccountType; address: Address }> {
      if (type === 'smartAccount' && !isEnabled(chainId)) throw new Error(SmartAccountText.notEnabled);
      options.preferred.set(type);
      const account = await active(owner, chainId);
      return { type: account.type, address: account.address };
    },
  };
}
export type FrameAccounts = ReturnType<typeof frameAccounts>;
