import { describe, expect, it } from 'vitest';
import { requestIds } from './requestIds.ts';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as Parameters<ReturnType<typeof requestIds>>[0];

describe('requestIds', () => {
  it('gives each request its own id, and two processes different ones', () => {
    const first = requestIds();
    const ids = Array.from({ length: 1000 }, () => first(request()));
    expect(new Set(ids).size).toBe(1000);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-1$/);
    const other = requestIds()(request());
    expect(other.slice(0, 8)).not.toBe(ids[0]!.slice(0, 8));
  });

  it("keeps a caller's sane x-request-id and replaces any other", () => {
    const ids = requestIds();
    expect(ids(request({ 'x-request-id': 'trace-42' }))).toBe('trace-42');
    expect(ids(request({ 'x-request-id': `<script>${'x'.repeat(100)}` }))).not.toContain('script');
  });

  it('gives only ids that need no escaping in JSON (the log line writes them as they are)', () => {
    const ids = requestIds();
    const given = ['trace-42', 'a"b', 'back\\slash', 'tab\tid', 'é', 'x:y.z_1', "quote'"];
    for (const id of [...given.map((value) => ids(request({ 'x-request-id': value }))), ids(request())]) {
      expect(JSON.stringify(id)).toBe(`"${id}"`);
    }
  });
});
