import { describe, expect, it } from 'vitest';
import { approvalPlace } from './approvalWindowMode.ts';

describe('where the frame shows an approval', () => {
  const v2 = { visibilityV2: true };
  const noV2 = { visibilityV2: false };
  const user = { alwaysSeparate: false };
  const userWindow = { alwaysSeparate: true };

  it("always in the approval window when the operator says popup, whatever the browser or the user's choice", () => {
    for (const browser of [v2, noV2]) for (const choice of [user, userWindow]) expect(approvalPlace('popup', choice, browser)).toBe('window');
  });

  it('inline when the operator says inline, unless the user chose the window', () => {
    expect(approvalPlace('inline', user, noV2)).toBe('inline');
    expect(approvalPlace('inline', userWindow, v2)).toBe('window');
  });

  it('on auto, the window where the browser has no IntersectionObserver v2, inline where it has', () => {
    expect(approvalPlace('auto', user, noV2)).toBe('window');
    expect(approvalPlace('auto', user, v2)).toBe('inline');
    expect(approvalPlace('auto', userWindow, v2)).toBe('window');
  });
});
