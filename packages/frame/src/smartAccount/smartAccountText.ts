/** What the frame answers about the smart account, in one place for its code and its tests. */
export const SmartAccountText = {
  notEnabled: 'Smart accounts are not enabled on this network',
  // A request of SPEC §6's approval list the smart account does not do (a Solana one, or one to come).
  unsupportedRequest: 'The smart account cannot do this request',
} as const;
