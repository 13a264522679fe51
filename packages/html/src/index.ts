// Cairn without React on the page: the module entry (React is inside, as a dependency). The
// one-file bundle for a plain <script type="module"> is `@cairn/html/cairn.js` (src/bundle.ts).
export { init, mount, type MountedCairn, type PageOptions } from './mount.tsx';
export { defineCairnElements, buttonProps, BUTTON_ELEMENT, NETWORK_BUTTON_ELEMENT } from './elements.tsx';
