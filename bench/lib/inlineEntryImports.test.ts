import { describe, expect, it } from 'vitest';
import { inlineStaticImports } from './inlineEntryImports.ts';

const files: Record<string, string> = {
  'constants-a.js': 'var e=3e4,t=`@cairn/`;export{t as m,e as t};',
  'createStore-b.js': 'function e(e){return{get:()=>e}}export{e as t};',
};

describe('inlineStaticImports', () => {
  it('pastes each statically imported chunk into the entry and binds the names the entry used', async () => {
    const entry = 'import{m as n,t as o}from"./constants-a.js";import{t as r}from"./createStore-b.js";export const out=[n,o,r(7).get()];';
    const { code, inlined } = inlineStaticImports(entry, (file) => files[file]!);
    expect(inlined).toEqual(['constants-a.js', 'createStore-b.js']);
    expect(code).not.toContain('from"');
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { out: unknown[] };
    expect(module.out).toEqual(['@cairn/', 30_000, 7]);
  });

  it('refuses a chunk without an export list at its end', () => {
    expect(() => inlineStaticImports('import{t as r}from"./x.js";', () => 'var e=1;')).toThrow('x.js');
  });
});
