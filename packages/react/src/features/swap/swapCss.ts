// Swap's own styles: they load with its chunk, not with the modal.
export const SWAP_CSS = `
.swap{display:flex;flex-direction:column;gap:12px;width:100%}
.swap-side{display:flex;flex-direction:column;gap:6px;padding:12px;border-radius:14px;border:1px solid var(--cairn-border);background:var(--_surface)}
.swap-side-head{display:flex;justify-content:space-between;font-size:13px;color:var(--cairn-muted)}
.swap-side-head label{font-weight:600}
.swap-row{display:flex;gap:8px;align-items:center}
.swap select,.swap input{font:inherit;color:var(--cairn-foreground);padding:8px 10px;border-radius:10px;border:1px solid var(--cairn-border);background:transparent;outline:none;min-width:0}
.swap input.swap-amount{flex:1;font-size:20px;border:none;padding:4px 0}
.swap output.swap-amount{flex:1;font-size:20px;font-variant-numeric:tabular-nums;overflow:hidden;text-overflow:ellipsis}
.swap select:focus-visible,.swap input:focus-visible{border-color:var(--cairn-accent);box-shadow:0 0 0 2px color-mix(in srgb,var(--cairn-accent) 30%,transparent)}
.swap-flip{align-self:center;margin:-8px 0}
.swap-lines{margin:0;display:grid;grid-template-columns:1fr auto;gap:4px 12px;font-size:13px}
.swap-lines dt{color:var(--cairn-muted)}
.swap-lines dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.swap-slippage{display:flex;gap:6px;align-items:center;font-size:13px}
.swap-slippage input{width:64px;padding:4px 8px}
.swap-slippage button[aria-pressed="true"]{border-color:var(--cairn-accent)}
.swap-error{margin:0;font-size:13px;color:var(--_error)}
.swap-warning{color:var(--_error)}
.swap-review-amount{margin:0;text-align:center;font-size:20px;font-weight:700;font-variant-numeric:tabular-nums}
`;
