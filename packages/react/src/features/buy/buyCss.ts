// Buy's own styles: they load with its chunk, not with the modal.
export const BUY_CSS = `
.buy{display:flex;flex-direction:column;gap:12px;width:100%}
.buy label{font-size:13px;font-weight:600;color:var(--cairn-muted)}
.buy-row{display:flex;gap:8px}
.buy input,.buy select{font:inherit;font-size:15px;color:var(--cairn-foreground);padding:10px 12px;border-radius:12px;border:1px solid var(--cairn-border);background:var(--_surface);outline:none;min-width:0}
.buy input{flex:1}
.buy input:focus-visible,.buy select:focus-visible{border-color:var(--cairn-accent);box-shadow:0 0 0 2px color-mix(in srgb,var(--cairn-accent) 30%,transparent)}
.buy-presets{display:flex;gap:6px}
.buy-presets button[aria-pressed="true"]{border-color:var(--cairn-accent)}
.buy-lines{margin:0;display:grid;grid-template-columns:1fr auto;gap:4px 12px;font-size:13px}
.buy-lines dt{color:var(--cairn-muted)}
.buy-lines dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.buy-error{margin:0;font-size:13px;color:var(--_error)}
.buy-result{margin:0;text-align:center;font-size:24px;font-weight:700}
`;
