import type { CairnContext } from '../../context.ts';
import type { AccountType } from './accountTypesStore.ts';

/**
 * The type the wallet gave for `address` (the embedded wallet lists its smart account and EOA);
 * undefined when it gave none for that address. A counterfactual smart account is one by the
 * wallet's word only: the chain shows no code until its first user operation.
 */
export function walletAccountType(ctx: CairnContext, address: string): AccountType | undefined {
  const { activeType, activeAddress } = ctx.accountTypes.get();
  return activeType && activeAddress?.toLowerCase() === address.toLowerCase() ? activeType : undefined;
}
