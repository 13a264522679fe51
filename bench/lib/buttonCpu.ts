import type { RawChromium } from './rawCdpLoad.ts';
import { median } from './stats.ts';

/**
 * Issue 29: load → button, bare React's page and Cairn's loaded in turn in the same rounds over a
 * DevTools connection of our own (rawCdpLoad.ts), traced: the main thread's CPU and the wall time
 * from the end of the init scripts (the test wallet's start-up) to the connect button visible.
 *
 * Each round loads both pages twice: without DevTools' Runtime domain, as a visitor's browser runs
 * them (what the targets judge), and with it on, as Playwright drives every page. With Runtime on,
 * V8 parses the code on the stack a second time for its source positions while the entry's module
 * evaluates; that grows with the entry's bytes, so it widens Cairn's gap over bare React at 4x
 * (bench/README.md, "What Playwright's DevTools connection adds"). Both figures are reported.
 * The thread's CPU time moves by a few ms between runs where the wall moves by ±50 ms.
 */
export interface PairedButtonLoads {
  /** Per round, in ms. */
  bareCpuMs: number[];
  cairnCpuMs: number[];
  bareWallMs: number[];
  cairnWallMs: number[];
  /** Medians of the per-round differences (Cairn − bare React); null without a complete round. */
  cpuBehindMs: number | null;
  wallBehindMs: number | null;
}

export interface ButtonCpuResult {
  cpuThrottle: number;
  /** Without the Runtime domain: the page as a visitor's browser runs it. */
  visitor: PairedButtonLoads;
  /** With the Runtime domain on, as under Playwright: the instrument's cost included. */
  withRuntime: PairedButtonLoads;
}

interface Page {
  url: string;
  dir: string;
}

export async function measureButtonCpu(options: { chromium: RawChromium; bare: Page; cairn: Page; rounds: number; cpuThrottle: number }): Promise<ButtonCpuResult> {
  const { chromium, bare, cairn, rounds, cpuThrottle } = options;
  const loads = [
    { page: bare, runtimeDomain: false },
    { page: cairn, runtimeDomain: false },
    { page: bare, runtimeDomain: true },
    { page: cairn, runtimeDomain: true },
  ];
  const load = ({ page, runtimeDomain }: (typeof loads)[number]) => chromium.load(page.url, page.dir, { cpuThrottle, runtimeDomain });
  await load(loads[0]!); // warm-up, discarded: the first load of a run pays for Chromium's own start
  const measured = loads.map(() => ({ cpuMs: [] as number[], wallMs: [] as number[] }));
  for (let round = 0; round < rounds; round += 1) {
    // Who goes first rotates, so no load always runs right after another.
    for (let step = 0; step < loads.length; step += 1) {
      const index = (step + round) % loads.length;
      const profile = await load(loads[index]!);
      measured[index]!.cpuMs.push(profile.cpuMs);
      measured[index]!.wallMs.push(profile.wallMs);
    }
  }
  const paired = (bareIndex: number, cairnIndex: number): PairedButtonLoads => {
    const [bareLoads, cairnLoads] = [measured[bareIndex]!, measured[cairnIndex]!];
    return {
      bareCpuMs: bareLoads.cpuMs,
      cairnCpuMs: cairnLoads.cpuMs,
      bareWallMs: bareLoads.wallMs,
      cairnWallMs: cairnLoads.wallMs,
      cpuBehindMs: medianBehind(bareLoads.cpuMs, cairnLoads.cpuMs),
      wallBehindMs: medianBehind(bareLoads.wallMs, cairnLoads.wallMs),
    };
  };
  return { cpuThrottle, visitor: paired(0, 1), withRuntime: paired(2, 3) };
}

/** The median of the per-round differences, Cairn's over bare React's. */
export function medianBehind(bareMs: readonly number[], cairnMs: readonly number[]): number | null {
  const rounds = Math.min(bareMs.length, cairnMs.length);
  return median(Array.from({ length: rounds }, (_, round) => cairnMs[round]! - bareMs[round]!));
}
