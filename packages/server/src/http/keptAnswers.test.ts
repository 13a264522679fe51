import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './keptAnswers.ts';

describe('KeptAnswers', () => {
  it('finds an answer by origin and URL, and only there', () => {
    const kept = new KeptAnswers<number>(10);
    kept.set('http://a.example', '/x?y=1', 1);
    kept.set('https://a.example', '/x?y=1', 2);
    expect(kept.get('http://a.example', '/x?y=1')).toBe(1);
    expect(kept.get('https://a.example', '/x?y=1')).toBe(2);
    expect(kept.get('http://a.example', '/x?y=2')).toBeUndefined();
    expect(kept.get('http://b.example', '/x?y=1')).toBeUndefined();
    expect(kept.size).toBe(2);
  });

  it('keeps at most its capacity, dropping the one kept first; keeping one again does not grow it', () => {
    const kept = new KeptAnswers<number>(3);
    kept.set('http://a', '/1', 1);
    kept.set('http://b', '/2', 2);
    kept.set('http://a', '/3', 3);
    kept.set('http://a', '/3', 33);
    expect(kept.size).toBe(3);
    kept.set('http://c', '/4', 4);
    expect(kept.size).toBe(3);
    expect(kept.get('http://a', '/1')).toBeUndefined();
    expect([kept.get('http://b', '/2'), kept.get('http://a', '/3'), kept.get('http://c', '/4')]).toEqual([2, 33, 4]);
    for (let i = 0; i < 1000; i++) kept.set(`http://h${i}`, `/${i}`, i);
    expect(kept.size).toBe(3);
    expect(kept.get('http://h999', '/999')).toBe(999);
  });

  it('forgets a deleted answer and its place in the order; clear forgets all', () => {
    const kept = new KeptAnswers<number>(2);
    kept.set('http://a', '/1', 1);
    kept.set('http://a', '/2', 2);
    kept.delete('http://a', '/1');
    kept.delete('http://a', '/nothing');
    expect(kept.size).toBe(1);
    kept.set('http://b', '/3', 3);
    expect(kept.get('http://a', '/2')).toBe(2);
    expect(kept.get('http://b', '/3')).toBe(3);
    kept.clear();
    expect(kept.size).toBe(0);
    expect(kept.get('http://a', '/2')).toBeUndefined();
  });
});
