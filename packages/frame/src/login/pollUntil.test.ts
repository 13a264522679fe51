import { HttpError, RequestTimeoutError } from '@cairn/core/internal';
import { describe, expect, it } from 'vitest';
import { pollUntil } from './pollUntil.ts';

const clock = () => {
  let time = 0;
  return { now: () => time, sleep: async (ms: number) => void (time += ms) };
};

describe('pollUntil', () => {
  it('asks again after a poll timed out, was dropped or met a busy server, and ends when the answer is yes', async () => {
    const answers: (() => Promise<boolean>)[] = [
      () => Promise.reject(new RequestTimeoutError()),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new HttpError(503)),
      () => Promise.reject(new HttpError(429)),
      () => Promise.resolve(false),
      () => Promise.resolve(true),
    ];
    let asked = 0;
    await pollUntil(() => answers[asked++]!(), { deadline: 10_000, everyMs: 500, timedOut: 'too late', ...clock() });
    expect(asked).toBe(6);
  });

  it("ends with the server's refusal at once", async () => {
    let asked = 0;
    const refused = pollUntil(
      () => {
        asked += 1;
        return Promise.reject(new HttpError(401, 'no such channel'));
      },
      { deadline: 10_000, everyMs: 500, timedOut: 'too late', ...clock() },
    );
    await expect(refused).rejects.toThrow('HTTP status code: 401');
    expect(asked).toBe(1);
  });

  it('gives up with its own text past the deadline, however the polls failed', async () => {
    let asked = 0;
    const never = pollUntil(
      () => {
        asked += 1;
        return Promise.reject(new RequestTimeoutError());
      },
      { deadline: 2_000, everyMs: 500, timedOut: 'The Farcaster app did not sign in: try again', ...clock() },
    );
    await expect(never).rejects.toThrow('The Farcaster app did not sign in: try again');
    expect(asked).toBe(6);
  });
});
