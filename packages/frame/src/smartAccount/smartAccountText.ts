/** What the frame answers about the smart account, in one place for its code and its tests. */
export const SmartAccountText = {
  notEnabled: 'Smart accounts are not enabled on this network',
  // SimpleAccount 0.7 has no ERC-1271: it cannot vouch for a signature.
  signsNoMessages: 'This smart account cannot sign messages',
} as const;
