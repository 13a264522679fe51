import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addArrivalChecks, type ArrivalCheck } from './arrivalChecks.ts';

async function appWith(checks: ArrivalCheck[]) {
  const app = Fastify();
  addArrivalChecks(app, checks);
  app.get('/x', async () => ({ reached: true }));
  await app.ready();
  return app;
}

describe('arrival checks', () => {
  it('runs every check in order, then the route', async () => {
    const seen: string[] = [];
    const app = await appWith([
      () => (seen.push('first'), false),
      async () => (seen.push('second, later'), false),
      () => (seen.push('third'), false),
    ]);
    const answer = await app.inject('/x');
    expect(answer.json()).toEqual({ reached: true });
    expect(seen).toEqual(['first', 'second, later', 'third']);
    await app.close();
  });

  it('stops at a check that answers, sync or after a wait', async () => {
    const seen: string[] = [];
    const refuse = (status: number): ArrivalCheck => (_request, reply) => (seen.push(`refuse ${status}`), void reply.code(status).send({ status }), true);
    const app = await appWith([refuse(429), () => (seen.push('never'), false)]);
    expect((await app.inject('/x')).statusCode).toBe(429);
    const later = await appWith([async (request, reply) => refuse(503)(request, reply), () => (seen.push('never'), false)]);
    expect((await later.inject('/x')).statusCode).toBe(503);
    expect(seen).toEqual(['refuse 429', 'refuse 503']);
    await app.close();
    await later.close();
  });

  it("answers a check's failure as the server's error, thrown or rejected", async () => {
    const thrown = await appWith([() => { throw new Error('broken check'); }]);
    expect((await thrown.inject('/x')).statusCode).toBe(500);
    const rejected = await appWith([() => Promise.reject(new Error('broken check'))]);
    expect((await rejected.inject('/x')).statusCode).toBe(500);
    await thrown.close();
    await rejected.close();
  });
});
