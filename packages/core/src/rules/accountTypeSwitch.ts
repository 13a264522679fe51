import { AUTH_CONNECTOR_ID } from '../features/embeddedWallet/authConnector.ts';

/**
 * SPEC §6: the preferred type is selectable where smart accounts are enabled. Account offers the
 * switch for the embedded wallet on a network that enables its smart account: to the EOA while the
 * smart account acts, and back. Undefined when there is nothing to offer.
 */
export function accountTypeSwitch(input: { connectorId?: string; chainId?: number | string; enabledNetworks: readonly number[]; activeType?: 'eoa' | 'smartAccount' }): 'eoa' | 'smartAccount' | undefined {
  if (input.connectorId !== AUTH_CONNECTOR_ID || input.activeType === undefined) return undefined;
  if (!input.enabledNetworks.some((chainId) => String(chainId) === String(input.chainId))) return undefined;
  return input.activeType === 'smartAccount' ? 'eoa' : 'smartAccount';
}
