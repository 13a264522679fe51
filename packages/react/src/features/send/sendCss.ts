// Send's own styles: they load with its chunk, not with the modal.
export const SEND_CSS = `
.send{display:flex;flex-direction:column;gap:12px;width:100%}
.send-field{display:flex;flex-direction:column;gap:6px}
.send-field label{font-size:13px;font-weight:600;color:var(--cairn-muted)}
.send select,.send input{font:inherit;font-size:15px;color:var(--cairn-foreground);padding:10px 12px;border-radius:12px;border:1px solid var(--cairn-border);background:var(--_surface);outline:none;min-width:0}
.send select:focus-visible,.send input:focus-visible{border-color:var(--cairn-accent);box-shadow:0 0 0 2px color-mix(in srgb,var(--cairn-accent) 30%,transparent)}
.send-amount{display:flex;gap:8px}
.send-amount input{flex:1}
.send-receiver{display:flex;align-items:center;gap:8px;font-size:13px;color:var(--cairn-foreground)}
.send-receiver img{width:20px;height:20px;border-radius:50%}
.send-lines{margin:0;display:grid;grid-template-columns:1fr auto;gap:4px 12px;font-size:13px}
.send-lines dt{color:var(--cairn-muted)}
.send-lines dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.send-error{margin:0;font-size:13px;color:var(--_error)}
.send-review{display:flex;flex-direction:column;gap:12px;width:100%}
.send-review-amount{margin:0;text-align:center;font-size:24px;font-weight:700;font-variant-numeric:tabular-nums}
`;
