// Activity's own styles: they load with its chunk, not with the modal.
export const ACTIVITY_CSS = `
:host{--_positive:#0f7a3a}
:host([data-theme="dark"]){--_positive:#4ade80}
.activity{display:flex;flex-direction:column;gap:4px;width:100%}
.activity-month{margin:14px 4px 4px;font-size:13px;font-weight:650;color:var(--cairn-muted)}
.activity-month:first-child{margin-top:0}
.activity-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.activity-row{display:grid;grid-template-columns:32px minmax(0,1fr) fit-content(40%) auto;grid-template-areas:"image main amounts link" "image date date date";align-items:center;column-gap:10px;padding:8px 10px;border-radius:12px}
.activity-row:hover{background:var(--_surface)}
.activity-image{grid-area:image;width:32px;height:32px;flex:none;border-radius:50%;object-fit:cover;display:grid;place-items:center;background:var(--_surface);font-size:12px;font-weight:650}
.activity-main{grid-area:main;display:flex;flex-direction:column;flex:1;min-width:0}
.activity-title{display:flex;align-items:center;gap:6px;font-weight:600;font-size:14px}
.activity-failed,.activity-pending{font-size:11px;font-weight:650;padding:1px 6px;border-radius:999px;background:var(--_surface-hover)}
.activity-failed{color:var(--_error)}
.activity-date{grid-area:date;font-size:12px;color:var(--cairn-muted);white-space:nowrap;font-variant-numeric:tabular-nums}
.activity-detail{font-size:12px;color:var(--cairn-muted);overflow-wrap:break-word;font-variant-numeric:tabular-nums}
/* A short address is one word: it moves to the next line whole, never cut or split at its ellipsis. */
.activity-address{white-space:nowrap}
.activity-amounts{grid-area:amounts;display:flex;flex-direction:column;align-items:flex-end;text-align:right;font-size:13px;font-variant-numeric:tabular-nums;overflow-wrap:break-word}
.activity-amounts [data-sign="+"]{color:var(--_positive)}
.activity-link{grid-area:link;display:inline-flex;padding:4px;border-radius:8px;color:var(--cairn-muted)}
.activity-link:hover{color:var(--cairn-foreground);background:var(--_surface-hover)}
.activity-state{padding:24px 8px;text-align:center;color:var(--cairn-muted);font-size:14px}
.activity-more{align-self:center;margin-top:8px}
`;
