import { encodeFunctionData, parseAbi, zeroHash, type Address, type PrivateKeyAccount } from 'viem';
import { entryPoint07Abi, getUserOperationHash, toSmartAccount, type SmartAccount, type SmartAccountImplementation } from 'viem/account-abstraction';

const executeAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)']);

/**
 * The site's side of a granted session (wallet_grantPermissions): the frame user's deployed smart
 * account, driven by the site's own session key, with no prompt. It signs user operations of one
 * call (CairnAccount's session check reads `execute`); whether the account runs them is the
 * account's decision, on-chain.
 */
export function toSessionKeyAccount(params: { client: SmartAccountImplementation['client']; address: Address; sessionKey: PrivateKeyAccount; entryPoint: Address }): Promise<SmartAccount> {
  const { client, address, sessionKey } = params;
  const entryPoint = { abi: entryPoint07Abi, address: params.entryPoint, version: '0.7' } as const;
  const refuse = async (): Promise<never> => {
    throw new Error('A session key signs user operations only');
  };
  return toSmartAccount({
    client,
    entryPoint,
    getAddress: async () => address,
    // Deployed already: the grant was the account's own user operation.
    getFactoryArgs: async () => ({ factory: undefined, factoryData: undefined }),
    async encodeCalls(calls) {
      if (calls.length !== 1) throw new Error('A session key sends one call at a time');
      const [call] = calls;
      return encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'] });
    },
    decodeCalls: refuse,
    getStubSignature: async () => sessionKey.sign({ hash: zeroHash }),
    signMessage: refuse,
    signTypedData: refuse,
    async signUserOperation(operation) {
      const { chainId = client.chain!.id, ...userOperation } = operation;
      const hash = getUserOperationHash({ chainId, entryPointAddress: entryPoint.address, entryPointVersion: '0.7', userOperation: { ...userOperation, sender: address } });
      return sessionKey.signMessage({ message: { raw: hash } });
    },
  });
}
