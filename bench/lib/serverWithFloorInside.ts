import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { waitFor } from './benchServer.ts';
import { resultsDir } from './paths.ts';
import { CHAIN_ID, PROJECT, UNREACHED_LIMITS } from './serverLoad.ts';

/** Ports of the floor-in-process scripts (floorProcessGc.ts, floorProcessInject.ts): never run side by side. */
export const FLOOR_PROCESS_PORTS = { chain: 26745, server: 26780, floorInside: 26781, floorAlone: 26782, floorPlain: 26783, variants: 26760 } as const;
/** The file the floors read the answer's bytes from (known once the server answered). */
export const FLOOR_PROCESS_BODY = join(resultsDir, 'fastpath', 'floor-process-body.json');

/**
 * The node arguments and environment of the server as `npm start` runs it with the bare Fastify
 * floor inside its process (bench/lib/inProcessFloor.ts), on a fresh SQLite file named `name`,
 * and the URL of its cached balance; `settings` added to its environment (a part of it off).
 */
export function serverWithFloorInside(name: string, ports: { server: number; floorInside: number } = FLOOR_PROCESS_PORTS, settings: Record<string, string> = {}): { args: string[]; env: Record<string, string>; balanceUrl: string } {
  const db = join(resultsDir, 'fastpath', `${name}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  return {
    args: ['--conditions=@cairn/source', '--import', 'tsx', '--import', './bench/lib/inProcessFloor.ts', 'packages/server/src/cli.ts'],
    env: {
      NODE_ENV: 'production',
      SERVER_PORT: String(ports.server),
      DATABASE_URL: `sqlite:${db}`,
      [`RPC_URL_${CHAIN_ID}`]: `http://127.0.0.1:${FLOOR_PROCESS_PORTS.chain}`,
      ...UNREACHED_LIMITS,
      IN_PROCESS_FLOOR_PORT: String(ports.floorInside),
      IN_PROCESS_FLOOR_BODY: FLOOR_PROCESS_BODY,
      ...settings,
    },
    balanceUrl: `http://127.0.0.1:${ports.server}/v1/account/${TEST_ACCOUNTS[0]!.address}/balance?chainId=eip155:${CHAIN_ID}&currency=usd&${PROJECT}`,
  };
}

/** Waits until the server answers its cached balance, and gives the floors those bytes. */
export async function shareTheAnswer(balanceUrl: string, server: ChildProcess): Promise<void> {
  const body = await waitFor('the server', async () => {
    const answer = await fetch(balanceUrl);
    return answer.ok ? answer.text() : undefined;
  }, server, 180_000);
  writeFileSync(FLOOR_PROCESS_BODY, body);
}

/** The node arguments and environment of the floor alone, started as the server is (tsx, production). */
export const floorAlone = {
  args: ['--conditions=@cairn/source', '--import', 'tsx', 'bench/lib/inProcessFloor.ts'],
  env: { NODE_ENV: 'production', IN_PROCESS_FLOOR_PORT: String(FLOOR_PROCESS_PORTS.floorAlone), IN_PROCESS_FLOOR_BODY: FLOOR_PROCESS_BODY, IN_PROCESS_FLOOR_ALONE: '1' },
};
