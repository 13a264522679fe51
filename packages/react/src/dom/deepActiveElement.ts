/**
 * The element that really has focus. Inside a shadow root `document.activeElement` is the shadow
 * host, so walk down through each open shadow root's own `activeElement`.
 */
export function deepActiveElement(root: DocumentOrShadowRoot | undefined = globalThis.document): Element | null {
  let active = root?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
