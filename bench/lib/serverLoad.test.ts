import { describe, expect, it } from 'vitest';
import { settingsOf } from './serverLoad.ts';

describe("a bench variant's server settings", () => {
  it('reads KEY=value pairs, a value keeping its own = signs', () => {
    expect(settingsOf('INDEXER_ENABLED=false,RELAY_ENABLED=false')).toEqual({ INDEXER_ENABLED: 'false', RELAY_ENABLED: 'false' });
    expect(settingsOf('CORS_ORIGINS=a=b')).toEqual({ CORS_ORIGINS: 'a=b' });
  });

  it('refuses a pair without a key or an =, and a key that is no environment name', () => {
    for (const bad of ['INDEXER_ENABLED', '=false', 'indexer=false', 'A=1,', 'A B=1']) expect(() => settingsOf(bad)).toThrow(/KEY=value/);
  });
});
