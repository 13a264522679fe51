import type { Cairn } from '@cairn/core';
import type { ReactElement } from 'react';
import { CairnProvider, ConnectButton, NetworkButton, type ConnectButtonProps } from '@cairn/react';
import { createRoot, type Root } from 'react-dom/client';
import { whenPageCairn } from './pageCairn.ts';

export const BUTTON_ELEMENT = 'cairn-button';
export const NETWORK_BUTTON_ELEMENT = 'cairn-network-button';

const SIZES = new Set(['sm', 'md', 'lg']);

/** `<cairn-button label="…" size="sm" show-balance="true|false" show-network>` as ConnectButton props. */
export function buttonProps(element: Element): ConnectButtonProps {
  const props: ConnectButtonProps = {};
  const label = element.getAttribute('label');
  if (label) props.label = label;
  const size = element.getAttribute('size');
  if (size && SIZES.has(size)) props.size = size as ConnectButtonProps['size'];
  const balance = element.getAttribute('show-balance');
  if (balance === 'true' || balance === '') props.showBalance = true;
  if (balance === 'false') props.showBalance = false;
  if (element.hasAttribute('show-network')) props.showNetwork = true;
  return props;
}

/** A custom element that renders a React button with the page's instance (never a second modal). */
function buttonElement(render: (cairn: Cairn, element: Element) => ReactElement) {
  return class extends HTMLElement {
    static observedAttributes = ['label', 'size', 'show-balance', 'show-network'];
    #root: Root | undefined;
    #cairn: Cairn | undefined;
    #cancel: (() => void) | undefined;

    connectedCallback() {
      this.#cancel = whenPageCairn((cairn) => {
        this.#cairn = cairn;
        this.#root ??= createRoot(this);
        this.#render();
      });
    }

    attributeChangedCallback() {
      this.#render();
    }

    disconnectedCallback() {
      this.#cancel?.();
      // Unmounted after the current task: React may still be rendering this root.
      const root = this.#root;
      this.#root = undefined;
      queueMicrotask(() => root?.unmount());
    }

    #render() {
      if (!this.#root || !this.#cairn) return;
      this.#root.render(
        <CairnProvider cairn={this.#cairn} modal={false}>
          {render(this.#cairn, this)}
        </CairnProvider>,
      );
    }
  };
}

/** Registers `<cairn-button>` and `<cairn-network-button>` (once; a second call is a no-op). */
export function defineCairnElements(registry: CustomElementRegistry = customElements): void {
  if (!registry.get(BUTTON_ELEMENT)) registry.define(BUTTON_ELEMENT, buttonElement((_, element) => <ConnectButton {...buttonProps(element)} />));
  if (!registry.get(NETWORK_BUTTON_ELEMENT)) registry.define(NETWORK_BUTTON_ELEMENT, buttonElement(() => <NetworkButton />));
}
