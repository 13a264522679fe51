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
.buy-providers{margin:0;padding:0;border:0;display:flex;flex-direction:column;gap:6px}
.buy-providers legend{padding:0;margin-bottom:6px;font-size:13px;font-weight:600;color:var(--cairn-muted)}
.buy .buy-provider{display:grid;grid-template-columns:auto 1fr;grid-template-areas:"radio name" "radio quote";align-items:center;column-gap:10px;padding:8px 12px;border:1px solid var(--cairn-border);border-radius:12px;cursor:pointer;color:var(--cairn-foreground);font-weight:400}
.buy .buy-provider:has(input:checked){border-color:var(--cairn-accent)}
.buy .buy-provider input{grid-area:radio;flex:none;margin:0;padding:0;accent-color:var(--cairn-accent)}
.buy-provider-name{grid-area:name;font-size:14px;font-weight:600}
.buy-provider-quote{grid-area:quote;font-size:12px;color:var(--cairn-muted);font-variant-numeric:tabular-nums}
.buy-error{margin:0;font-size:13px;color:var(--_error)}
.buy-result{margin:0;text-align:center;font-size:24px;font-weight:700}
`;
