import type { Page } from 'playwright-core';

/** The secure frame's document in the demo, where the visitor reads and clicks the frame's own screens. */
export const frameContent = (page: Page) => page.frameLocator('iframe[title="Cairn secure frame"]');
