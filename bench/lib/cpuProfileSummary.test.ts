import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainThreadProfile, selfTimes, type CpuProfile } from './cpuProfileSummary.ts';

const frame = (functionName: string, url = '', lineNumber = -1) => ({ functionName, url, lineNumber });
// Samples at 1010, 1030, 1060, 1100 µs: root's idle, the route, the route, the hook.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(idle)') },
    { id: 2, callFrame: frame('handler', 'file:///repo/packages/server/src/routes/balance.ts', 40) },
    { id: 3, callFrame: frame('onRequest', 'file:///repo/node_modules/fastify/lib/hooks.js', 9) },
  ],
  startTime: 1000,
  samples: [1, 2, 2, 3],
  timeDeltas: [10, 20, 30, 40],
};

describe('selfTimes', () => {
  it('charges each sample in the windows to its function, idle left out, the largest first', () => {
    expect(selfTimes(profile, [[1000, 2000]])).toEqual({
      total: 90,
      byFunction: [
        ['handler src/routes/balance.ts:41', 50],
        ['onRequest fastify/lib/hooks.js:10', 40],
      ],
    });
  });

  it('leaves out the samples outside the windows (the start, the warm-up)', () => {
    expect(selfTimes(profile, [[1050, 1080]])).toEqual({ total: 30, byFunction: [['handler src/routes/balance.ts:41', 30]] });
  });
});

describe('mainThreadProfile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-profiles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads thread 0's profile, not a worker's", () => {
    writeFileSync(join(dir, 'CPU.20261126.170000.42.1.002.cpuprofile'), JSON.stringify({ ...profile, startTime: 1 }));
    writeFileSync(join(dir, 'CPU.20261126.170000.42.0.001.cpuprofile'), JSON.stringify(profile));
    expect(mainThreadProfile(dir).startTime).toBe(1000);
  });
});
