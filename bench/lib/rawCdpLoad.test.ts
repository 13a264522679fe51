import { describe, expect, it } from 'vitest';
import { devtoolsAddressOf } from './rawCdpLoad.ts';

describe('devtoolsAddressOf', () => {
  it('reads the DevTools address Chromium prints on stderr', () => {
    const stderr = '[0101/000000.000:WARNING:foo.cc(1)] something\n\nDevTools listening on ws://127.0.0.1:41923/devtools/browser/0b8f-42\n';
    expect(devtoolsAddressOf(stderr)).toBe('ws://127.0.0.1:41923/devtools/browser/0b8f-42');
  });

  it('is undefined until the line is there', () => {
    expect(devtoolsAddressOf('DevTools listening on ')).toBeUndefined();
    expect(devtoolsAddressOf('')).toBeUndefined();
  });
});
