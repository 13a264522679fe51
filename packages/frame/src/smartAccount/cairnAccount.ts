import { decodeFunctionData, encodeFunctionData, hashMessage, hashTypedData, parseAbi, zeroHash, type Address, type Hex, type LocalAccount } from 'viem';
import { entryPoint07Abi, getUserOperationHash, toSmartAccount, type SmartAccount, type SmartAccountImplementation } from 'viem/account-abstraction';
import { readContract } from 'viem/actions';

/** The devnet's CairnAccount (SimpleAccount 0.7 with ERC-1271 and session keys) and its factory: the calls the frame makes. */
export const cairnAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function grantSession(address key, address target, bytes4 selector, uint64 valueLimit, uint48 validUntil, uint64 gasBudget, uint128 allowance)',
  'function revokeSession(address key)',
  'function sessions(address key) view returns (address target, bytes4 selector, uint48 validUntil, uint64 valueLimit, uint64 gasBudget, uint128 allowance)',
]);
const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)']);

export interface SmartAccountDeployment {
  /** The v0.7 EntryPoint the account and its bundler use. */
  entryPoint: Address;
  /** The CairnAccountFactory bound to that EntryPoint. */
  factory: Address;
}

/**
 * What the account's isValidSignature checks (ERC-1271): the owner's EIP-712 signature of the
 * message hash in a domain naming this account and chain, so the owner's signature for one of its
 * accounts is not one for another.
 */
export const replaySafeTypedData = (hash: Hex, account: Address, chainId: number) =>
  ({
    domain: { name: 'Cairn Account', version: '1', chainId, verifyingContract: account },
    types: { CairnAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'CairnAccountMessage',
    message: { hash },
  }) as const;

/** The batch a CairnAccount's callData runs: `execute` (one call) or `executeBatch`; undefined for anything else. */
export function decodeAccountCalls(data: Hex): { to: Address; value: bigint; data: Hex }[] | undefined {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: cairnAccountAbi, data });
  } catch {
    return undefined;
  }
  if (decoded.functionName === 'execute') return [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }];
  if (decoded.functionName !== 'executeBatch') return undefined;
  const [targets, values, datas] = decoded.args;
  if (targets.length !== datas.length || (values.length !== 0 && values.length !== targets.length)) return undefined;
  return targets.map((to, index) => ({ to, value: values[index] ?? 0n, data: datas[index] ?? '0x' }));
}

/**
 * The frame key's smart account (ERC-4337 v0.7 CairnAccount, salt 0) as viem's SmartAccount:
 * its address is the factory's counterfactual one, the first user operation deploys it, and the
 * owner key signs each user operation hash (as an EIP-191 message, which the account recovers).
 * Messages are signed for ERC-1271; viem wraps them in ERC-6492 while the account is not deployed.
 */
export function toCairnAccount(params: { client: SmartAccountImplementation['client']; owner: LocalAccount; deployment: SmartAccountDeployment }): Promise<SmartAccount> {
  const { client, owner, deployment } = params;
  const entryPoint = { abi: entryPoint07Abi, address: deployment.entryPoint, version: '0.7' } as const;
  let address: Address | undefined;
  const getAddress = async () => {
    address ??= await readContract(client, { address: deployment.factory, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, 0n] });
    return address;
  };
  const chainId = () => {
    const id = client.chain?.id;
    if (id === undefined) throw new Error('The smart account needs the chain id to sign');
    return id;
  };
  const signHash = async (hash: Hex) => owner.signTypedData(replaySafeTypedData(hash, await getAddress(), chainId()));
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data) {
      const calls = decodeAccountCalls(data);
      if (!calls) throw new Error('Not a call of the smart account');
      return calls;
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls;
        return encodeFunctionData({ abi: cairnAccountAbi, functionName: 'execute', args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'] });
      }
      return encodeFunctionData({
        abi: cairnAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      });
    },
    getAddress,
    async getFactoryArgs() {
      return { factory: deployment.factory, factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }) };
    },
    // For gas estimation: a well-formed signature by the owner (of another hash), so recovery runs
    // as it will for the real one and does not revert, and the account only reports a mismatch.
    async getStubSignature() {
      return owner.sign ? owner.sign({ hash: zeroHash }) : owner.signMessage({ message: 'stub' });
    },
    async signMessage({ message }) {
      return signHash(hashMessage(message));
    },
    async signTypedData(typedData) {
      return signHash(hashTypedData(typedData));
    },
    async signUserOperation(operation) {
      const { chainId: operationChainId = chainId(), ...userOperation } = operation;
      const hash = getUserOperationHash({
        chainId: operationChainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: await getAddress() },
      });
      return owner.signMessage({ message: { raw: hash } });
    },
  });
}
