import { concat, numberToHex, size, type Address, type Hex } from 'viem';

// Contracts the devnet does not deploy, for the frame's collection probe (collectionTarget.ts,
// session 26): runtime code set on a devnet chain (Anvil's anvil_setCode), written here opcode by opcode.

// A few EVM opcodes, and a tiny assembler with jump labels (PUSH2 targets), for the contracts below.
const OP = { STOP: '00', EQ: '14', SHR: '1c', OR: '17', CALLDATALOAD: '35', MSTORE: '52', JUMPI: '57', JUMPDEST: '5b', DUP1: '80', SWAP1: '90', RETURN: 'f3', REVERT: 'fd' } as const;
type Piece = keyof typeof OP | { push: Hex } | { label: string } | { to: string };
function assemble(pieces: Piece[]): Hex {
  const length = (piece: Piece) => (typeof piece === 'string' ? 1 : 'push' in piece ? 1 + size(piece.push) : 'to' in piece ? 3 : 1);
  const at = new Map<string, number>();
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === 'object' && 'label' in piece) at.set(piece.label, offset);
    offset += length(piece);
  }
  const bytes = pieces.map((piece): Hex => {
    if (typeof piece === 'string') return `0x${OP[piece]}`;
    if ('label' in piece) return `0x${OP.JUMPDEST}`;
    if ('to' in piece) return `0x61${numberToHex(at.get(piece.to)!, { size: 2 }).slice(2)}`;
    return `0x${(0x5f + size(piece.push)).toString(16)}${piece.push.slice(2).toLowerCase()}`;
  });
  return concat(bytes);
}
const selectorOnStack: Piece[] = [{ push: '0x00' }, 'CALLDATALOAD', { push: '0xe0' }, 'SHR'];
const revert: Piece[] = [{ push: '0x00' }, 'DUP1', 'REVERT'];
const returnWord: Piece[] = [{ push: '0x00' }, 'MSTORE', { push: '0x20' }, { push: '0x00' }, 'RETURN'];
const jumpIfSelector = (selector: Hex, label: string): Piece[] => ['DUP1', { push: selector }, 'EQ', { to: label }, 'JUMPI'];

/**
 * An ERC-721 that answers no ERC-165 (as pre-standard collections and ERC-404-style hybrids): `ownerOf(id)`
 * answers `holder` for `ownedId` only, `balanceOf(0)` reverts as ERC-721 says, any other holder's answers 1;
 * everything else (supportsInterface too) reverts.
 */
export const erc721WithoutErc165 = (holder: Address, ownedId: bigint) =>
  assemble([
    ...selectorOnStack,
    ...jumpIfSelector('0x6352211e', 'ownerOf'),
    ...jumpIfSelector('0x70a08231', 'balanceOf'),
    ...revert,
    { label: 'ownerOf' },
    { push: '0x04' }, 'CALLDATALOAD', { push: numberToHex(ownedId, { size: 32 }) }, 'EQ', { to: 'owned' }, 'JUMPI',
    ...revert,
    { label: 'owned' },
    { push: holder }, ...returnWord,
    { label: 'balanceOf' },
    { push: '0x04' }, 'CALLDATALOAD', { to: 'someone' }, 'JUMPI',
    ...revert,
    { label: 'someone' },
    { push: '0x01' }, ...returnWord,
  ]);

/** An ERC-1155 by ERC-165: supportsInterface answers true for ERC-165 and ERC-1155 only; everything else reverts. */
export const erc1155ByErc165 = assemble([
  ...selectorOnStack,
  ...jumpIfSelector('0x01ffc9a7', 'supportsInterface'),
  ...revert,
  { label: 'supportsInterface' },
  { push: '0x04' }, 'CALLDATALOAD', { push: '0xe0' }, 'SHR',
  'DUP1', { push: '0xd9b67a26' }, 'EQ', 'SWAP1', { push: '0x01ffc9a7' }, 'EQ', 'OR',
  ...returnWord,
]);

/** Answers every call with the word 0xff..ff: no boolean, no address (tokenMetadata.test.ts's absurd contract). */
export const answersEverything: Hex = `0x7f${'ff'.repeat(32)}60005260206000f3`;

/** Puts `code` at `address` on an Anvil chain (a test chain only). */
export async function setCode(rpcUrl: string, address: Address, code: Hex): Promise<void> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [address, code] }) });
  const answer = (await response.json()) as { error?: { message: string } };
  if (answer.error) throw new Error(`anvil_setCode: ${answer.error.message}`);
}
