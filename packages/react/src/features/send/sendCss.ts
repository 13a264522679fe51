// Send's own styles: they load with its chunk, not with the modal.
// The outcome's status line keeps two lines' height: pending ('Sent. Waiting for the network to
// confirm it…') wraps to two, confirmed and failed fit one, and Done moved 24 px up (302 → 278 px
// in the card) as the send was confirmed: a press begun on it ended beside it and did nothing
// (e2e/sendOutcome.e2e.ts; the ci11 flake of freshBalances).
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
.send-error{margin:0;font-size:13px;color:var(--_error);overflow-wrap:anywhere}
.send input[aria-invalid="true"]{border-color:var(--_error)}
.send-review{display:flex;flex-direction:column;gap:12px;width:100%}
.send-review-amount{margin:0;text-align:center;font-size:24px;font-weight:700;font-variant-numeric:tabular-nums}
.send-outcome{display:flex;flex-direction:column;align-items:center;gap:6px;width:100%;padding-top:4px;text-align:center}
.send-outcome-icon{display:inline-flex;align-items:center;justify-content:center;width:56px;height:56px;margin-bottom:6px;border-radius:50%;background:var(--_surface);color:var(--cairn-accent)}
.send-outcome[data-status="failed"] .send-outcome-icon{color:var(--_error)}
.send-outcome-icon .spinner{width:24px;height:24px}
.send-outcome .headline{display:flex;align-items:center;justify-content:center;min-height:2.8em;line-height:1.4}
.send-outcome-amount{font-size:22px;font-weight:700;font-variant-numeric:tabular-nums}
.send-outcome .send-lines{width:100%;margin-top:6px}
.send-outcome-link{display:inline-flex;align-items:center;gap:4px;margin-top:4px;font-size:14px;font-weight:600;color:var(--cairn-accent);text-decoration:none}
.send-outcome-link:hover{text-decoration:underline}
.send-outcome-actions{display:flex;gap:8px;width:100%;margin-top:14px}
.send-outcome-actions .btn{flex:1}
`;
