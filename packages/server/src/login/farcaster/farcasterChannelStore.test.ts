import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/testDatabases.ts';
import { FARCASTER_CHANNEL_TTL_MS, FarcasterChannelStore, type ChannelAnswer } from './farcasterChannelStore.ts';

const REQUEST = { siweUri: 'https://app.example/login', domain: 'app.example' };
const ANSWER: ChannelAnswer = { message: 'app.example wants you to sign in…', signature: '0x01', fid: 42, username: 'ridge' };
const NOW = 1_800_000_000_000;

// The relay's channels on both databases the server runs on: the answer is saved once and the
// reply is built from the row it saved (UPDATE … RETURNING), so the frame closing the channel
// right after cannot turn the wallet app's taken answer into an error.
describe.each(await testDatabaseKinds())('the Farcaster channel store on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let db: Db;
  let store: FarcasterChannelStore;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    db = await openDatabase(database.config);
    store = new FarcasterChannelStore(db, new Uint8Array(32).fill(3));
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it.skipIf(skip)('saves the first answer and gives back the channel it answered; a second is refused', async () => {
    const { channelToken, nonce } = await store.open(REQUEST, NOW);
    const saved = await store.answer(channelToken, ANSWER, NOW + 1_000);
    expect(saved).toEqual({ channel: { nonce, request: REQUEST, answer: ANSWER } });
    // Closed by the frame's completion at once: the answer given back above stands on its own.
    expect(await store.close(channelToken)).toBe(true);
    expect(await store.answer(channelToken, { ...ANSWER, fid: 7 }, NOW + 2_000)).toBe('unknown');

    const other = await store.open(REQUEST, NOW);
    await store.answer(other.channelToken, ANSWER, NOW + 1_000);
    expect(await store.answer(other.channelToken, { ...ANSWER, fid: 7 }, NOW + 1_500)).toBe('answered');
    expect((await store.find(other.channelToken, NOW + 2_000))?.answer?.fid).toBe(42);
  });

  it.skipIf(skip)('takes no answer for an unknown or expired channel', async () => {
    expect(await store.answer('not-a-channel', ANSWER, NOW)).toBe('unknown');
    const { channelToken } = await store.open(REQUEST, NOW);
    expect(await store.answer(channelToken, ANSWER, NOW + FARCASTER_CHANNEL_TTL_MS + 1)).toBe('unknown');
  });

  it.skipIf(skip)('answers two racing wallet apps once', async () => {
    const { channelToken } = await store.open(REQUEST, NOW);
    const results = await Promise.all(Array.from({ length: 10 }, (_, fid) => store.answer(channelToken, { ...ANSWER, fid }, NOW + 1_000)));
    expect(results.filter((result) => typeof result === 'object')).toHaveLength(1);
    expect(results.filter((result) => result === 'answered')).toHaveLength(9);
  });

  it.skipIf(skip)('answers wallet apps racing the frame that closes the channel: each gets its channel back, or no channel, never an error', async () => {
    // The route builds the wallet app's reply from what answer() gives back: before RETURNING it read
    // the channel again, and a frame that completed (closed) it in between made that reply a 500.
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const { channelToken, nonce } = await store.open(REQUEST, NOW);
      const first = store.answer(channelToken, ANSWER, NOW + 1_000);
      // As the frame: it closes the channel once the answer is in; here, at once, against more answers.
      const results = await Promise.all([first, first.then(() => store.close(channelToken)), ...Array.from({ length: 3 }, (_, fid) => store.answer(channelToken, { ...ANSWER, fid: fid + 100 }, NOW + 1_000))]);
      const answers = [results[0], ...results.slice(2)] as Awaited<typeof first>[];
      const saved = answers.filter((result) => typeof result === 'object');
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatchObject({ channel: { nonce, request: REQUEST } });
      for (const result of answers) outcomes.add(typeof result === 'object' ? 'saved' : result);
      expect(results[1]).toBe(true);
      expect(await store.find(channelToken, NOW + 2_000)).toBeUndefined();
    }
    expect(outcomes.has('saved')).toBe(true);
    expect([...outcomes].every((outcome) => ['saved', 'answered', 'unknown'].includes(outcome))).toBe(true);
  });
});
