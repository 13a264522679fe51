import { describe, expect, it } from 'vitest';
import { NAME_PART_UNBROKEN_MAX, nameParts } from './nameParts.ts';

describe('nameParts', () => {
  it('lets a name wrap between its labels, never at the hyphen inside one', () => {
    expect(nameParts('trail-walker.cairn.id')).toEqual([
      { text: 'trail-walker', keepWhole: true },
      { text: '.cairn', keepWhole: true },
      { text: '.id', keepWhole: true },
    ]);
  });

  it('keeps a shortened address whole, and leaves a name without a dot as it is', () => {
    expect(nameParts('0xf39F…b92266')).toEqual([{ text: '0xf39F…b92266', keepWhole: true }]);
    expect(nameParts('vitalik')).toEqual([{ text: 'vitalik', keepWhole: true }]);
  });

  it('lets a label too long for a phone break where it must', () => {
    const label = `a-${'b'.repeat(NAME_PART_UNBROKEN_MAX)}`;
    expect(nameParts(`${label}.cairn.id`)[0]).toEqual({ text: label, keepWhole: false });
  });

  it('joins back to the name it was given', () => {
    for (const name of ['trail-walker.cairn.id', '.id', 'a..b', '']) expect(nameParts(name).map((part) => part.text).join('')).toBe(name);
  });
});
