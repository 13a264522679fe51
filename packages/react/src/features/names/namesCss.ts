// The name views' own styles: they load with their chunk, not with the modal.
export const NAMES_CSS = `
.names{display:flex;flex-direction:column;gap:12px;width:100%}
.names label{font-size:13px;font-weight:600;color:var(--cairn-muted)}
.names input{font:inherit;font-size:15px;color:var(--cairn-foreground);padding:10px 12px;border-radius:12px;border:1px solid var(--cairn-border);background:var(--_surface);outline:none;min-width:0}
.names input:focus-visible{border-color:var(--cairn-accent);box-shadow:0 0 0 2px color-mix(in srgb,var(--cairn-accent) 30%,transparent)}
.names-status{margin:0;font-size:13px}
.names-error{margin:0;font-size:13px;color:var(--_error)}
.names-suggestions{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
.names-done{margin:0;text-align:center;font-size:20px;font-weight:700;overflow-wrap:anywhere}
`;
