// Receive's own styles: they load with its chunk, not with the modal.
export const RECEIVE_CSS = `
.receive{display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
.receive .qr{width:220px}
.receive-name{margin:0;font-weight:650}
.receive-address{position:relative;display:flex;align-items:center;gap:4px;max-width:100%}
.receive-address code{font-size:13px;overflow-wrap:anywhere;padding:8px 10px;border-radius:10px;background:var(--_surface);text-align:left}
.receive-address .copy-status{position:absolute;top:100%;right:0}
.receive-hint{margin:8px 0 0;font-size:13px;color:var(--cairn-muted)}
.receive-networks{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:6px}
.receive-networks li{display:inline-flex;align-items:center;gap:6px;padding:4px 10px 4px 4px;border-radius:999px;background:var(--_surface);font-size:13px}
`;
