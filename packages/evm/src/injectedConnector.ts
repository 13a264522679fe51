export const INJECTED_CONNECTOR_ID = 'injected';

/** A neutral browser-wallet glyph for a window.ethereum that did not announce itself. */
export const INJECTED_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#64748b"/><rect x="9" y="12" width="22" height="16" rx="3" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="25" cy="20" r="2" fill="#fff"/></svg>',
  );
