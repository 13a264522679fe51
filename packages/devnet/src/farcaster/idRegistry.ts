import { createPublicClient, createWalletClient, encodeAbiParameters, http, keccak256, numberToHex, pad, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readArtifact } from '../artifacts.ts';
import { rpcCall } from '../jsonRpc.ts';

/**
 * Farcaster's ID registry on OP Mainnet, the address Sign In With Farcaster verifiers read
 * (`@farcaster/auth-client`'s viemConnector checks `idOf(signer)` there). The devnet puts
 * contracts/FarcasterIdRegistry.sol's code at the same address on each of its chains, so a verifier
 * pointed at a devnet chain's RPC checks fids registered on the devnet.
 */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';

/** Installs the registry's code at its address (no deployer, no nonce: the other contracts' addresses stay). */
export async function installFarcasterIdRegistry(rpcUrl: string): Promise<void> {
  // A creation call's result is the code the contract would run; the registry has no constructor state to lose.
  const code = await rpcCall(rpcUrl, 'eth_call', [{ data: readArtifact('FarcasterIdRegistry').bytecode }, 'latest']);
  await rpcCall(rpcUrl, 'anvil_setCode', [FARCASTER_ID_REGISTRY, code]);
}

/** The fid the custody key registers on the devnet's registry (its gas paid by the devnet), as a Farcaster wallet app does once. */
export async function registerFarcasterId(rpcUrl: string, custodyKey: Hex): Promise<bigint> {
  const account = privateKeyToAccount(custodyKey);
  const { abi } = readArtifact('FarcasterIdRegistry');
  await rpcCall(rpcUrl, 'anvil_setBalance', [account.address, numberToHex(parseEther('1'))]);
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const chain = { id: await publicClient.getChainId(), name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } };
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const hash = await wallet.writeContract({ address: FARCASTER_ID_REGISTRY, abi, functionName: 'register', args: [account.address] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`Registering a fid for ${account.address} reverted`);
  return (await publicClient.readContract({ address: FARCASTER_ID_REGISTRY, abi, functionName: 'idOf', args: [account.address] })) as bigint;
}

/**
 * Moves `fid` to a new custody address, as the real registry's transfer or recovery does (this
 * registry has neither): its storage rewritten on the devnet (idCounter in slot 0, then the idOf,
 * custodyOf mappings in slots 1 and 2). A name proof made for the old custody address is stale after.
 */
export async function moveFarcasterCustody(rpcUrl: string, fid: bigint, newCustody: Address): Promise<void> {
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const { abi } = readArtifact('FarcasterIdRegistry');
  const old = (await publicClient.readContract({ address: FARCASTER_ID_REGISTRY, abi, functionName: 'custodyOf', args: [fid] })) as Address;
  const slotOf = (key: Hex, slot: number) => keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [key, BigInt(slot)]));
  const word = (value: bigint | Address) => pad(typeof value === 'bigint' ? numberToHex(value) : value, { size: 32 });
  await rpcCall(rpcUrl, 'anvil_setStorageAt', [FARCASTER_ID_REGISTRY, slotOf(word(old), 1), word(0n)]);
  await rpcCall(rpcUrl, 'anvil_setStorageAt', [FARCASTER_ID_REGISTRY, slotOf(word(newCustody), 1), word(fid)]);
  await rpcCall(rpcUrl, 'anvil_setStorageAt', [FARCASTER_ID_REGISTRY, slotOf(word(fid), 2), word(newCustody)]);
}
