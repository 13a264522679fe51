import { isEmailCode } from '@cairn/core/internal';
import { describe, expect, it } from 'vitest';
import { newOneTimeCode } from './oneTimeCode.ts';

describe('one-time codes', () => {
  it("are what core's code rule accepts, the rule the widget and the frame check a typed code with", () => {
    const codes = Array.from({ length: 200 }, () => newOneTimeCode());
    expect(codes.filter((code) => !isEmailCode(code))).toEqual([]);
    // Zero-padded: a small number is still a whole code.
    expect(new Set(codes).size).toBeGreaterThan(150);
  });
});
