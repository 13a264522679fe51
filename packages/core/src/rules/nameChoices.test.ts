import { describe, expect, it } from 'vitest';
import { nameChoices } from './nameChoices.ts';

describe('nameChoices', () => {
  it('offers a free name alone, without suggestions', () => {
    expect(nameChoices('ridge', ['ridge.cairn.id', 'ridge1.cairn.id', 'ridge2.cairn.id'])).toEqual({ available: 'ridge.cairn.id', taken: false, suggestions: [] });
  });

  it('offers names like a taken one', () => {
    expect(nameChoices('ridge', ['ridge1.cairn.id', 'ridge2.cairn.id'])).toEqual({ taken: true, suggestions: ['ridge1.cairn.id', 'ridge2.cairn.id'] });
  });

  it('does not take a longer label for the typed one', () => {
    expect(nameChoices('ridge', ['ridge-walker.cairn.id']).available).toBeUndefined();
  });
});
