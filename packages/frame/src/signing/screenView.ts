/** How the approval screen is seen: all of it, unbroken; partly covered or faded; or cut off. */
export type ScreenView = 'visible' | 'hidden' | 'cropped';

export interface Size {
  width: number;
  height: number;
}

/** What the page measures of the approval section (the title, the context rows, the details and the footer). */
export interface ScreenReading {
  /**
   * IntersectionObserver v2's `isVisible` for the whole section: false when anything is painted
   * over any part of it (a `pointer-events:none` layer too), or it or the frame is faded, filtered
   * or transformed. Undefined where the browser has no v2 (then only the geometry below is known).
   */
  isVisible?: boolean;
  /** The section's box, and the part of it inside the root: the top-level viewport, through every ancestor's clip. */
  boundingClientRect: Size;
  intersectionRect: Size;
  /** The section's content size (scrollWidth, scrollHeight), and the frame's layout viewport. */
  needed: Size;
  viewport: Size;
}

// Sub-pixel layout: a box that is whole may measure a fraction of a pixel off.
const SLACK_PX = 1;

/**
 * The approval section counts as seen only when all of it is on the user's screen: its content fits
 * the frame's viewport (a frame made smaller than the screen needs would cut the call or the
 * buttons off), all of its box is inside the root (an ancestor's `overflow:hidden` or the screen's
 * edge crops nothing), and nothing covers or fades any part of it.
 */
export function screenView(reading: ScreenReading): ScreenView {
  const { needed, viewport, boundingClientRect: box, intersectionRect: shown } = reading;
  if (needed.width > viewport.width + SLACK_PX || needed.height > viewport.height + SLACK_PX) return 'cropped';
  if (box.width <= 0 || box.height <= 0 || shown.width < box.width - SLACK_PX || shown.height < box.height - SLACK_PX) return 'cropped';
  return reading.isVisible === false ? 'hidden' : 'visible';
}
