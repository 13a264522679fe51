import { describe, expect, it } from 'vitest';
import { screenView, type ScreenReading } from './screenView.ts';

// The screen in the widget's frame (360 x 480), all of it on the user's screen, nothing over it.
const whole: ScreenReading = {
  isVisible: true,
  boundingClientRect: { width: 360, height: 480 },
  intersectionRect: { width: 360, height: 480 },
  needed: { width: 360, height: 480 },
  viewport: { width: 360, height: 480 },
};

describe("the approval screen's view", () => {
  it('is visible when all of it is on the screen and nothing covers it; sub-pixel layout is not a crop', () => {
    expect(screenView(whole)).toBe('visible');
    expect(screenView({ ...whole, intersectionRect: { width: 359.5, height: 479.5 }, needed: { width: 360.5, height: 480.5 } })).toBe('visible');
  });

  it('is hidden when anything is painted over any part, or it is faded (IntersectionObserver v2)', () => {
    expect(screenView({ ...whole, isVisible: false })).toBe('hidden');
  });

  it("is cropped when its content needs more than the frame's viewport (a frame made too small)", () => {
    expect(screenView({ ...whole, viewport: { width: 360, height: 200 }, needed: { width: 360, height: 292 } })).toBe('cropped');
    expect(screenView({ ...whole, viewport: { width: 120, height: 480 }, needed: { width: 180, height: 480 } })).toBe('cropped');
  });

  it("is cropped when part of it is outside the root: an ancestor's overflow:hidden, the screen's edge", () => {
    expect(screenView({ ...whole, intersectionRect: { width: 360, height: 300 } })).toBe('cropped');
    expect(screenView({ ...whole, intersectionRect: { width: 250, height: 480 } })).toBe('cropped');
    expect(screenView({ ...whole, intersectionRect: { width: 0, height: 0 } })).toBe('cropped');
    expect(screenView({ ...whole, boundingClientRect: { width: 0, height: 0 }, intersectionRect: { width: 0, height: 0 } })).toBe('cropped');
    // A crop is reported as a crop even when the browser also reports it covered.
    expect(screenView({ ...whole, isVisible: false, intersectionRect: { width: 360, height: 300 } })).toBe('cropped');
  });

  it('falls back to the geometry alone where the browser has no IntersectionObserver v2', () => {
    const { isVisible: _, ...withoutV2 } = whole;
    expect(screenView(withoutV2)).toBe('visible');
    expect(screenView({ ...withoutV2, intersectionRect: { width: 360, height: 300 } })).toBe('cropped');
  });
});
