// The one-file bundle (`@cairn/html/cairn.js`): everything a plain HTML page needs, React
// included, and the custom elements registered on load.
import { defineCairnElements } from './elements.tsx';

export { init, mount, defineCairnElements } from './index.ts';
export { createCairn, getCairnProvider, ErrorText } from '@cairn/core';
export { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';

defineCairnElements();
