import { describe, expect, it } from 'vitest';
import { deepActiveElement } from './deepActiveElement.ts';

// Plain objects shaped like the DOM: the walk only reads activeElement and shadowRoot.
const element = (name: string, shadowActive?: object) =>
  ({ name, shadowRoot: shadowActive === undefined ? null : { activeElement: shadowActive } }) as unknown as Element;
const rootWith = (activeElement: Element | null) => ({ activeElement }) as DocumentOrShadowRoot;

describe('deepActiveElement', () => {
  it('returns the focused element of a page without shadow roots', () => {
    const input = element('input');
    expect(deepActiveElement(rootWith(input))).toBe(input);
  });

  it('walks through nested shadow roots to the inner focused button', () => {
    const button = element('button');
    const innerHost = element('inner-host', button);
    const outerHost = element('outer-host', innerHost);
    expect(deepActiveElement(rootWith(outerHost))).toBe(button);
  });

  it('stops at a shadow host whose shadow root holds no focus', () => {
    const host = { name: 'host', shadowRoot: { activeElement: null } } as unknown as Element;
    expect(deepActiveElement(rootWith(host))).toBe(host);
  });

  it('returns null when nothing has focus', () => {
    expect(deepActiveElement(rootWith(null))).toBeNull();
  });
});
