import { createCairn, type Cairn, type CairnOptions } from '@cairn/core';
import { CairnModalRoot, CairnProvider, ConnectButton, type ConnectButtonProps } from '@cairn/react';
import { createRoot } from 'react-dom/client';
import { setPageCairn } from './pageCairn.ts';

export type PageOptions = CairnOptions | { cairn: Cairn };

export interface MountedCairn {
  cairn: Cairn;
  unmount(): void;
}

function instanceFrom(options: PageOptions): Cairn {
  if (typeof options !== 'object' || options === null) throw new TypeError('Cairn: options must be an object (those of createCairn, or { cairn })');
  return 'cairn' in options ? options.cairn : createCairn(options);
}

/**
 * Creates the page's Cairn (or takes the one given) and hosts its modal, without placing a
 * button: `<cairn-button>` elements anywhere on the page then render with it.
 */
export function init(options: PageOptions): MountedCairn {
  const cairn = instanceFrom(options);
  // The modal lives in its own shadow host on <body>; this root only holds it.
  const root = createRoot(document.createElement('div'));
  root.render(<CairnModalRoot cairn={cairn} />);
  setPageCairn(cairn);
  return { cairn, unmount: () => root.unmount() };
}

/** Renders the connect button into `element` and hosts the modal, with the options of createCairn. */
export function mount(element: Element, options: PageOptions & { button?: ConnectButtonProps }): MountedCairn {
  if (!(element instanceof Element)) throw new TypeError('Cairn mount(element, options): `element` must be a DOM element');
  const cairn = instanceFrom(options);
  const root = createRoot(element);
  root.render(
    <CairnProvider cairn={cairn}>
      <ConnectButton {...options.button} />
    </CairnProvider>,
  );
  setPageCairn(cairn);
  return { cairn, unmount: () => root.unmount() };
}
