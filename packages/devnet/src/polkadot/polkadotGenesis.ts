/**
 * The genesis the local Polkadot chain starts from: Rococo Asset Hub's raw chain spec (a
 * parachain with Aura and the balances pallet, which is what chopsticks can build blocks for).
 * It comes from `@substrate/connect-known-chains`, which is GPL-3.0: a devDependency read here at
 * start time only, never copied into the repository or bundled into anything we publish.
 */
export async function loadPolkadotGenesis(): Promise<Record<string, unknown>> {
  const { chainSpec } = await import('@substrate/connect-known-chains/rococo_v2_2_asset_hub');
  const spec = JSON.parse(chainSpec) as { genesis?: { raw?: { top?: Record<string, string> } } };
  if (!spec.genesis?.raw?.top?.['0x3a636f6465']) throw new Error('The Rococo Asset Hub chain spec has no raw genesis with a runtime');
  return spec as Record<string, unknown>;
}
