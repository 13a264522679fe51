import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The native Surfnet of @solana/surfpool-linux-x64-gnu (N-API): its wrapper package is not on npm. */
export interface NativeSurfnet {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  fundSol(address: string, lamports: number): void;
  getAta(owner: string, mint: string, tokenProgram?: string): string;
  /** Takes the buffered simnet events (clock ticks, logs, ...); the buffer is bounded. */
  drainEvents(): unknown[];
  stop(): void;
}

interface SurfnetClass {
  startWithConfig(config: {
    offline?: boolean;
    /** 'clock': a slot every slotTimeMs; 'transaction': a slot per transaction; 'manual'. */
    blockProductionMode?: 'clock' | 'transaction' | 'manual';
    slotTimeMs?: number;
    airdropSol?: number;
    airdropAddresses?: string[];
  }): NativeSurfnet;
}

const PLATFORM_PACKAGES: Record<string, string | undefined> = { 'linux-x64': '@solana/surfpool-linux-x64-gnu' };

export function loadSurfnet(): SurfnetClass {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) throw new Error(`Surfpool has no npm binary for ${process.platform}-${process.arch} in this devnet`);
  try {
    return (require(name) as { Surfnet: SurfnetClass }).Surfnet;
  } catch (error) {
    throw new Error(`${name} could not be loaded; run npm install`, { cause: error });
  }
}
