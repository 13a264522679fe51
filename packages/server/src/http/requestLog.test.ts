import Fastify, { LogController } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { addArrivalChecks } from './arrivalChecks.ts';
import { lazyRequestLogger, millisText, registerRequestLog } from './requestLog.ts';

type Line = { level: number; time: number; pid: number; hostname: string; reqId?: string; msg: string; req?: Record<string, unknown>; res?: { statusCode: number }; responseTime?: number; step?: number };

async function loggingApp(level: string) {
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push(line) };
  let id = 0;
  const app = Fastify({ logger: { level, stream }, genReqId: () => `id-${++id}`, childLoggerFactory: lazyRequestLogger, logController: new LogController({ disableRequestLogging: true }) });
  addArrivalChecks(app, [registerRequestLog(app, stream)]);
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ step: 1 }, 'a route speaks');
    request.log.debug('below the level');
    return { ok: true };
  });
  await app.ready();
  return { app, lines: () => lines.map((line) => JSON.parse(line) as Line) };
}

describe('request log', () => {
  it("writes one line per answered request in pino's shape, with its id, status and time, and no relay JWT", async () => {
    const { app, lines } = await loggingApp('info');
    await app.inject({ url: '/quiet?auth=eyJsecret&x=1', headers: { host: 'api.example' } });
    const [line] = lines();
    expect(lines()).toHaveLength(1);
    expect(line).toMatchObject({ level: 30, pid: process.pid, reqId: 'id-1', msg: 'request completed', res: { statusCode: 200 }, req: { method: 'GET', host: 'api.example', remoteAddress: '127.0.0.1' } });
    expect(line!.req!.url).toBe('/quiet?auth=%5Bredacted%5D&x=1');
    expect(line!.responseTime).toEqual(expect.any(Number));
    expect(Math.abs(line!.time - Date.now())).toBeLessThan(5000);
    await app.close();
  });

  it("writes each line's own time, to the ms (the line's start is made again when the ms changes)", async () => {
    const { app, lines } = await loggingApp('info');
    const now = vi.spyOn(Date, 'now');
    try {
      for (const at of [1_800_000_000_000, 1_800_000_000_000, 1_800_000_000_001, 1_800_000_000_250]) {
        now.mockReturnValue(at);
        await app.inject('/quiet');
      }
    } finally {
      now.mockRestore();
    }
    expect(lines().map(({ time }) => time)).toEqual([1_800_000_000_000, 1_800_000_000_000, 1_800_000_000_001, 1_800_000_000_250]);
    expect(lines().map(({ pid, reqId }) => ({ pid, reqId }))).toEqual([1, 2, 3, 4].map((n) => ({ pid: process.pid, reqId: `id-${n}` })));
    await app.close();
  });

  it("writes each line's own client address (the text kept from the line before only when it is the same)", async () => {
    const { app, lines } = await loggingApp('info');
    for (const remoteAddress of ['10.0.0.1', '10.0.0.2', '10.0.0.2', '10.0.0.1']) await app.inject({ url: '/quiet', remoteAddress });
    expect(lines().map(({ req }) => req!.remoteAddress)).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.2', '10.0.0.1']);
    await app.close();
  });

  it("gives a route's own lines the request's id, and keeps the logger's level", async () => {
    const { app, lines } = await loggingApp('info');
    await app.inject('/talks');
    expect(lines().map(({ msg, reqId, step }) => ({ msg, reqId, step }))).toEqual([
      { msg: 'a route speaks', reqId: 'id-1', step: 1 },
      { msg: 'request completed', reqId: 'id-1', step: undefined },
    ]);
    await app.close();
  });

  it('writes no request line when the level is above info', async () => {
    const { app, lines } = await loggingApp('warn');
    await app.inject('/quiet');
    await app.inject('/talks');
    expect(lines().map(({ msg }) => msg)).toEqual(['a route speaks']);
    await app.close();
  });
});

describe('millisText', () => {
  it("writes a duration as JSON's number of ms to the µs", () => {
    for (const ms of [0, 0.0004, 0.0005, 0.001, 0.0999, 1.5, 12.3456789, 999.9996, 123_456.7894]) {
      const text = millisText(ms);
      expect(text).toMatch(/^\d+\.\d{3}$/);
      expect(Math.abs((JSON.parse(text) as number) - ms)).toBeLessThanOrEqual(0.0005 + 1e-9);
    }
    expect(millisText(12.3456789)).toBe('12.346');
    expect(millisText(Number.NaN)).toBe('null');
    expect(millisText(-1)).toBe('-1');
    expect(millisText(2e9)).toBe('2000000000');
  });
});
