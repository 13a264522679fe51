import { decodeFunctionData, encodeFunctionData, parseAbi, zeroHash, type Address, type LocalAccount } from 'viem';
import { entryPoint07Abi, getUserOperationHash, toSmartAccount, type SmartAccount, type SmartAccountImplementation } from 'viem/account-abstraction';
import { readContract } from 'viem/actions';
import { SmartAccountText } from './smartAccountText.ts';

/** The SimpleAccount of @account-abstraction/contracts 0.7 and its factory: the calls the frame makes. */
const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
]);
const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)']);

export interface SimpleAccountDeployment {
  /** The v0.7 EntryPoint the account and its bundler use. */
  entryPoint: Address;
  /** The SimpleAccountFactory bound to that EntryPoint. */
  factory: Address;
}

/**
 * The frame key's smart account (ERC-4337 v0.7 SimpleAccount, salt 0) as viem's SmartAccount:
 * its address is the factory's counterfactual one, the first user operation deploys it, and the
 * owner key signs each user operation hash (as an EIP-191 message, which SimpleAccount recovers).
 * SimpleAccount 0.7 has no ERC-1271, so it signs no messages: signing in with it is not offered.
 */
export function toSimpleAccount(params: { client: SmartAccountImplementation['client']; owner: LocalAccount; deployment: SimpleAccountDeployment }): Promise<SmartAccount> {
  const { client, owner, deployment } = params;
  const entryPoint = { abi: entryPoint07Abi, address: deployment.entryPoint, version: '0.7' } as const;
  let address: Address | undefined;
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: accountAbi, data });
      if (decoded.functionName === 'execute') return [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }];
      const [targets, values, datas] = decoded.args;
      return targets.map((to, index) => ({ to, value: values[index] ?? 0n, data: datas[index] ?? '0x' }));
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls;
        return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'] });
      }
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      });
    },
    async getAddress() {
      address ??= await readContract(client, { address: deployment.factory, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, 0n] });
      return address;
    },
    async getFactoryArgs() {
      return { factory: deployment.factory, factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }) };
    },
    // For gas estimation: a well-formed signature by the owner (of another hash), so recovery runs
    // as it will for the real one and does not revert, and the account only reports a mismatch.
    async getStubSignature() {
      return owner.sign ? owner.sign({ hash: zeroHash }) : owner.signMessage({ message: 'stub' });
    },
    async signMessage() {
      throw new Error(SmartAccountText.signsNoMessages);
    },
    async signTypedData() {
      throw new Error(SmartAccountText.signsNoMessages);
    },
    async signUserOperation(operation) {
      const { chainId = client.chain?.id, ...userOperation } = operation;
      if (chainId === undefined) throw new Error('The smart account needs the chain id to sign');
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: await this.getAddress() },
      });
      return owner.signMessage({ message: { raw: hash } });
    },
  });
}

