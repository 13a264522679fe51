import { describe, expect, it } from 'vitest';
import { CONTRACT_NAMES, readArtifact } from './artifacts.ts';
import { compileContracts } from './compile.ts';

describe('compileContracts', () => {
  it('writes abi and bytecode for every contract, then reuses them while sources are unchanged', async () => {
    await compileContracts();
    for (const name of CONTRACT_NAMES) {
      const artifact = readArtifact(name);
      expect(artifact.bytecode, name).toMatch(/^0x[0-9a-f]{100,}$/);
      expect(artifact.abi.length, name).toBeGreaterThan(0);
    }
    const again = await compileContracts();
    expect(again.cached).toBe(true);
    expect(again.ms).toBeLessThan(500);
  });

  it('compiles the interfaces the devnet relies on', () => {
    const functions = (name: (typeof CONTRACT_NAMES)[number]) =>
      readArtifact(name).abi.flatMap((item) => (item.type === 'function' ? [item.name] : []));
    expect(functions('Multicall3')).toEqual(expect.arrayContaining(['aggregate3', 'getEthBalance', 'getBlockNumber']));
    expect(functions('SmartAccount')).toEqual(expect.arrayContaining(['isValidSignature', 'owner']));
    expect(functions('TestToken')).toEqual(expect.arrayContaining(['mint', 'decimals', 'transfer']));
    expect(functions('TestNFT')).toEqual(expect.arrayContaining(['mint', 'ownerOf', 'tokenURI']));
    expect(functions('EntryPoint')).toEqual(expect.arrayContaining(['handleOps', 'getUserOpHash', 'depositTo', 'balanceOf']));
    expect(functions('SimpleAccountFactory')).toEqual(expect.arrayContaining(['createAccount', 'getAddress']));
    expect(functions('VerifyingPaymaster')).toEqual(expect.arrayContaining(['getHash', 'deposit', 'verifyingSigner']));
    expect(functions('SpamDrop')).toEqual(expect.arrayContaining(['mint', 'createTokens', 'token', 'sendTokens', 'tokenURI']));
  });
});
