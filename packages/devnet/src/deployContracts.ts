import { encodeDeployData, encodeFunctionData, getContractAddress, numberToHex, parseEther, parseGwei } from 'viem';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEPLOYER, PAYMASTER_SIGNER, TEST_ACCOUNTS } from './accounts.ts';
import { readArtifact } from './artifacts.ts';
import type { Deployment } from './deployment.ts';
import { DEVNET_NFTS, DEVNET_POOLS, DEVNET_TOKENS, PAYMASTER_DEPOSIT } from './devnetSeed.ts';
import { rpcBatch, rpcCall } from './jsonRpc.ts';

/** One transaction of the sequence; `creates` is the address a deploy step must produce. */
type Step = { to?: Address; data: Hex; gas: bigint; value?: bigint; creates?: Address };
type Receipt = { status: Hex; contractAddress: Address | null } | null;

const DEPLOY_GAS = 5_000_000n;
const CALL_GAS = 200_000n;
const CREATE_PAIR_GAS = 3_000_000n;
// The EntryPoint is the largest contract here (about 17 kB of code).
const ENTRY_POINT_DEPLOY_GAS = 8_000_000n;
const RECEIPT_TIMEOUT_MS = 10_000;

/**
 * The deploy sequence, in nonce order. Addresses follow from (deployer, nonce) alone, so they
 * are known before anything is sent, and equal on every chain. Reordering moves them.
 */
function planDeployment(): { deployment: Deployment; steps: Step[] } {
  const token = readArtifact('TestToken');
  const nft = readArtifact('TestNFT');
  const multicall = readArtifact('Multicall3');
  const smartAccount = readArtifact('SmartAccount');
  const owner = TEST_ACCOUNTS[0]!.address;

  const deploys: [keyof Deployment['contracts'], Hex][] = [
    ['cairnToken', encodeDeployData({ ...token, args: tokenArgs('cairnToken') })],
    ['testUsd', encodeDeployData({ ...token, args: tokenArgs('testUsd') })],
    ['zeroToken', encodeDeployData({ ...token, args: tokenArgs('zeroToken') })],
    ['multicall3', encodeDeployData(multicall)],
    ['testNft', encodeDeployData({ ...nft, args: [DEVNET_NFTS.testNft.name, DEVNET_NFTS.testNft.symbol] })],
    ['spamNft', encodeDeployData({ ...nft, args: [DEVNET_NFTS.spamNft.name, DEVNET_NFTS.spamNft.symbol] })],
    ['smartAccount', encodeDeployData({ ...smartAccount, args: [owner] })],
  ];
  const contracts = Object.fromEntries(
    deploys.map(([key], nonce) => [key, getContractAddress({ from: DEPLOYER.address, nonce: BigInt(nonce) })]),
  ) as Deployment['contracts']; // planAmm adds the AMM's addresses
  const steps: Step[] = deploys.map(([key, data]) => ({ data, gas: DEPLOY_GAS, creates: contracts[key] }));

  const call = (to: Address, abi: typeof token.abi, args: readonly unknown[]): Step => ({
    to,
    data: encodeFunctionData({ abi, functionName: 'mint', args }),
    gas: CALL_GAS,
  });
  TEST_ACCOUNTS.forEach(({ address }, index) => {
    for (const key of ['cairnToken', 'testUsd', 'zeroToken'] as const) {
      steps.push(call(contracts[key], token.abi, [address, DEVNET_TOKENS[key].balancePerTestAccount]));
    }
    steps.push(call(contracts.testNft, nft.abi, [address, BigInt(index + 1)]));
  });
  steps.push(call(contracts.spamNft, nft.abi, [owner, 1n]));
  planAmm(contracts, steps);
  planAccountAbstraction(contracts, steps);

  return { deployment: { contracts }, steps };
}

/** A deploy step at the end of the sequence: its address follows from the deployer's next nonce. */
function appendDeploy(contracts: Deployment['contracts'], steps: Step[], key: keyof Deployment['contracts'], data: Hex, gas: bigint): void {
  contracts[key] = getContractAddress({ from: DEPLOYER.address, nonce: BigInt(steps.length) });
  steps.push({ data, gas, creates: contracts[key] });
}

type AmmContract = 'weth' | 'ammFactory' | 'ammRouter' | 'cairnTusdPair' | 'wethTusdPair';

/**
 * The AMM goes after everything else, so adding it moved no earlier address. Pairs are created by
 * the factory (CREATE from the factory, whose nonce starts at 1), so their addresses are known too.
 * Each pool is seeded by sending it both tokens and calling mint, as a Uniswap V2 router would.
 */
function planAmm(contracts: Deployment['contracts'], steps: Step[]): void {
  const token = readArtifact('TestToken');
  const weth = readArtifact('WrappedEther');
  const factory = readArtifact('AmmFactory');
  const router = readArtifact('AmmRouter');
  const pair = readArtifact('AmmPair');
  const deploy = (key: AmmContract, data: Hex) => appendDeploy(contracts, steps, key, data, DEPLOY_GAS);
  deploy('weth', encodeDeployData(weth));
  deploy('ammFactory', encodeDeployData(factory));
  deploy('ammRouter', encodeDeployData({ ...router, args: [contracts.ammFactory, contracts.weth] }));

  const pools = [
    ['cairnTusdPair', contracts.cairnToken, DEVNET_POOLS.cairnTusd],
    ['wethTusdPair', contracts.weth, DEVNET_POOLS.wethTusd],
  ] as const;
  pools.forEach(([key, tokenAddress], index) => {
    contracts[key] = getContractAddress({ from: contracts.ammFactory, nonce: BigInt(index + 1) });
    steps.push({
      to: contracts.ammFactory,
      data: encodeFunctionData({ abi: factory.abi, functionName: 'createPair', args: [tokenAddress, contracts.testUsd] }),
      gas: CREATE_PAIR_GAS,
    });
  });
  const send = (to: Address, abi: typeof token.abi, functionName: string, args: readonly unknown[], value?: bigint): Step => ({
    to,
    data: encodeFunctionData({ abi, functionName, args }),
    gas: CALL_GAS * 2n,
    value,
  });
  const { cairnTusd, wethTusd } = DEVNET_POOLS;
  steps.push(
    send(contracts.cairnToken, token.abi, 'mint', [contracts.cairnTusdPair, cairnTusd.tokenReserve]),
    send(contracts.testUsd, token.abi, 'mint', [contracts.cairnTusdPair, cairnTusd.tusdReserve]),
    send(contracts.cairnTusdPair, pair.abi, 'mint', [DEPLOYER.address]),
    send(contracts.weth, weth.abi, 'deposit', [], wethTusd.tokenReserve),
    send(contracts.weth, weth.abi, 'transfer', [contracts.wethTusdPair, wethTusd.tokenReserve]),
    send(contracts.testUsd, token.abi, 'mint', [contracts.wethTusdPair, wethTusd.tusdReserve]),
    send(contracts.wethTusdPair, pair.abi, 'mint', [DEPLOYER.address]),
  );
}

type AccountAbstractionContract = 'entryPoint' | 'simpleAccountFactory' | 'verifyingPaymaster' | 'accountFactory';

/**
 * ERC-4337 goes last, so no earlier address moved: the EntryPoint (v0.7), the SimpleAccount factory
 * bound to it, and the verifying paymaster (its signer is the devnet's paymaster service), whose
 * deposit at the EntryPoint pays for the user operations it sponsors.
 */
function planAccountAbstraction(contracts: Deployment['contracts'], steps: Step[]): void {
  const entryPoint = readArtifact('EntryPoint');
  const factory = readArtifact('SimpleAccountFactory');
  const paymaster = readArtifact('VerifyingPaymaster');
  const deploy = (key: AccountAbstractionContract, data: Hex) => appendDeploy(contracts, steps, key, data, ENTRY_POINT_DEPLOY_GAS);
  deploy('entryPoint', encodeDeployData(entryPoint));
  deploy('simpleAccountFactory', encodeDeployData({ ...factory, args: [contracts.entryPoint] }));
  deploy('verifyingPaymaster', encodeDeployData({ ...paymaster, args: [contracts.entryPoint, PAYMASTER_SIGNER.address] }));
  steps.push({
    to: contracts.verifyingPaymaster,
    data: encodeFunctionData({ abi: paymaster.abi, functionName: 'deposit' }),
    gas: CALL_GAS,
    value: PAYMASTER_DEPOSIT,
  });
  // Last, so no earlier address moved: the factory of the frame's accounts (CairnAccount).
  deploy('accountFactory', encodeDeployData({ ...readArtifact('CairnAccountFactory'), args: [contracts.entryPoint] }));
}

function tokenArgs(key: keyof typeof DEVNET_TOKENS): [string, string, number] {
  const { name, symbol, decimals } = DEVNET_TOKENS[key];
  return [name, symbol, decimals];
}

/**
 * Deploys and seeds every contract on a fresh chain. All transactions are signed up front, so no
 * nonce, gas or fee is looked up; receipts are read back in one batch.
 */
export async function deployContracts(rpcUrl: string, chainId: number): Promise<Deployment> {
  const { deployment, steps } = planDeployment();
  const deployer = privateKeyToAccount(DEPLOYER.privateKey);
  await rpcCall(rpcUrl, 'anvil_setBalance', [DEPLOYER.address, numberToHex(parseEther('10000'))]);

  const rawTransactions = await Promise.all(
    steps.map((step, nonce) =>
      deployer.signTransaction({
        chainId,
        type: 'eip1559',
        nonce,
        to: step.to,
        data: step.data,
        gas: step.gas,
        value: step.value,
        maxFeePerGas: parseGwei('20'),
        maxPriorityFeePerGas: parseGwei('1'),
      }),
    ),
  );
  // One at a time, in nonce order: anvil handles a batch's requests concurrently, and a transaction
  // that reaches its pool while the one before it is being mined can stay "queued" for good
  // (seen about 1 start in 20: nonce 11 queued with the account at nonce 11).
  const hashes: Hex[] = [];
  for (const raw of rawTransactions) hashes.push((await rpcCall(rpcUrl, 'eth_sendRawTransaction', [raw])) as Hex);

  const receipts = await waitForReceipts(rpcUrl, hashes);
  receipts.forEach((receipt, nonce) => {
    if (receipt.status !== '0x1') throw new Error(`Devnet deploy step ${nonce} reverted on chain ${chainId}`);
    const expected = steps[nonce]?.creates;
    if (expected && receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(`Devnet deploy step ${nonce} created ${receipt.contractAddress}, expected ${expected}`);
    }
  });
  return deployment;
}

async function waitForReceipts(rpcUrl: string, hashes: Hex[]): Promise<NonNullable<Receipt>[]> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    const receipts = (await rpcBatch(
      rpcUrl,
      hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
    )) as Receipt[];
    if (receipts.every((receipt) => receipt !== null)) return receipts as NonNullable<Receipt>[];
    if (Date.now() > deadline) throw new Error(`Devnet deploy transactions not mined within ${RECEIPT_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
