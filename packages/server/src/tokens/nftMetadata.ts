import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { JsonRpcClient } from '../chain/jsonRpc.ts';
import type { Db } from '../db/database.ts';

export type NftItem = { chainId: number; contract: string; tokenId: string };
export type NftMetadata = { name: string | null; imageUrl: string | null };

const erc721Abi = parseAbi(['function tokenURI(uint256 tokenId) view returns (string)']);
const MAX_IMAGE_URL = 64 * 1024;

const itemKey = (item: NftItem) => `${item.chainId}:${item.contract}:${item.tokenId}`;

/**
 * Metadata of NFT items for history: tokenURI read once per item and kept in nft_items. Only
 * metadata carried in the URI itself (data:application/json) is read: the server never fetches a
 * URL a contract names (no request to an address a stranger chose). Images are kept when they
 * are https or data:image URLs. Items of spam contracts are not read at all.
 */
export async function nftMetadata(db: Db, rpc: (chainId: number) => JsonRpcClient | undefined, items: readonly NftItem[]): Promise<Map<string, NftMetadata>> {
  // One query's OR has a term per item: chunked, or SQLite's expression depth (and PostgreSQL's
  // parameter limit) is within a spammer's reach.
  const result = new Map<string, NftMetadata>();
  for (let start = 0; start < items.length; start += NFT_LOOKUP_CHUNK) {
    for (const [key, metadata] of await nftMetadataChunk(db, rpc, items.slice(start, start + NFT_LOOKUP_CHUNK))) result.set(key, metadata);
  }
  return result;
}

/** Items looked up (and read from the node) per query. */
export const NFT_LOOKUP_CHUNK = 100;

async function nftMetadataChunk(db: Db, rpc: (chainId: number) => JsonRpcClient | undefined, items: readonly NftItem[]): Promise<Map<string, NftMetadata>> {
  const result = new Map<string, NftMetadata>();
  if (items.length === 0) return result;
  const stored = await db
    .selectFrom('nft_items')
    .select(['chain_id', 'contract', 'token_id', 'name', 'image_url'])
    .where((eb) => eb.or(items.map((item) => eb.and([eb('chain_id', '=', item.chainId), eb('contract', '=', item.contract), eb('token_id', '=', item.tokenId)]))))
    .execute();
  for (const row of stored) result.set(`${row.chain_id}:${row.contract}:${row.token_id}`, { name: row.name, imageUrl: row.image_url });
  const missing = [...new Map(items.filter((item) => !result.has(itemKey(item))).map((item) => [itemKey(item), item])).values()];
  const fetched = await Promise.all(
    [...groupByChain(missing)].map(async ([chainId, chainItems]) => {
      const client = rpc(chainId);
      if (!client) return [];
      const replies = await client.batchSettled(
        chainItems.map((item) => ({
          method: 'eth_call',
          params: [{ to: item.contract, data: encodeFunctionData({ abi: erc721Abi, functionName: 'tokenURI', args: [BigInt(item.tokenId)] }) }, 'latest'],
        })),
      );
      return chainItems.map((item, index) => ({ item, metadata: parseTokenUri(replies[index]) }));
    }),
  ).then((perChain) => perChain.flat());
  if (fetched.length > 0) {
    await db
      .insertInto('nft_items')
      .values(fetched.map(({ item, metadata }) => ({ chain_id: item.chainId, contract: item.contract, token_id: item.tokenId, name: metadata.name, image_url: metadata.imageUrl })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  for (const { item, metadata } of fetched) result.set(itemKey(item), metadata);
  return result;
}

export { itemKey as nftItemKey };

function groupByChain(items: readonly NftItem[]): Map<number, NftItem[]> {
  const groups = new Map<number, NftItem[]>();
  for (const item of items) groups.set(item.chainId, [...(groups.get(item.chainId) ?? []), item]);
  return groups;
}

function parseTokenUri(reply: unknown): NftMetadata {
  if (typeof reply !== 'string') return { name: null, imageUrl: null };
  try {
    const uri = decodeFunctionResult({ abi: erc721Abi, functionName: 'tokenURI', data: reply as Hex });
    const json = /^data:application\/json(;[^,]*)?,/.exec(uri);
    if (!json) return { name: null, imageUrl: null };
    const payload = uri.slice(json[0].length);
    const text = json[1]?.includes('base64') ? Buffer.from(payload, 'base64').toString('utf8') : decodeURIComponent(payload);
    const metadata = JSON.parse(text) as { name?: unknown; image?: unknown };
    const name = typeof metadata.name === 'string' ? metadata.name.slice(0, 200) : null;
    const image = typeof metadata.image === 'string' && metadata.image.length <= MAX_IMAGE_URL && /^(https:\/\/|data:image\/)/.test(metadata.image) ? metadata.image : null;
    return { name, imageUrl: image };
  } catch {
    return { name: null, imageUrl: null };
  }
}


