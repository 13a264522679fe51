/** What the frame answers about the smart account, in one place for its code and its tests. */
export const SmartAccountText = {
  notEnabled: 'Smart accounts are not enabled on this network',
  otherEntryPoint: "The user operation names another EntryPoint than the smart account's",
  // A request of SPEC §6's approval list the smart account does not do (a Solana one, or one to come).
  unsupportedRequest: 'The smart account cannot do this request',
} as const;
