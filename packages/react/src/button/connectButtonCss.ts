// The button's own styles: eager, so kept small. `all: initial` cuts off whatever the page
// lets the host inherit (letter-spacing, text-transform, line-height...). No `:has()`: what the
// rules need to know of the button's content, buttonView.ts says in attributes (data-with-balance,
// data-with-network, data-kind). Five `:has()` rules here made the first paint's style work
// about twice as long (a shadow-root button laid out: 26.5 ms with them, 13.5 without, 12.3
// without any style, at load ~30; issue 29). The tight left padding is the account button's
// (beside its avatar): the network button keeps `0 14px` (the `:has()` rules gave it 5px). Each
// `:not()` has the specificity the `:has()` it replaces had, so the size rules win as before.
export const CONNECT_BUTTON_CSS = `
:host{display:inline-block;vertical-align:middle}
:host([hidden]){display:none}
.cb{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;height:40px;padding:0 16px;
border-radius:calc(var(--cairn-radius) - 4px);font-family:var(--cairn-font-family);font-size:15px;font-weight:600;
line-height:1;white-space:nowrap;cursor:pointer;user-select:none;-webkit-tap-highlight-color:transparent;
color:var(--cairn-accent-foreground);background:var(--cairn-accent);
box-shadow:0 1px 2px rgba(0,0,0,.12),inset 0 1px 0 rgba(255,255,255,.12);
transition:filter .15s,transform .1s,background-color .15s}
.cb:hover{filter:brightness(1.07)}
.cb:active{transform:scale(.97)}
.cb:focus-visible{outline:2px solid var(--cairn-accent);outline-offset:2px}
.cb[data-state=busy]{cursor:progress;color:var(--cairn-muted);filter:none;
background:color-mix(in srgb,var(--cairn-foreground) 7%,var(--cairn-background));box-shadow:inset 0 0 0 1px var(--cairn-border)}
.cb[data-state=connected]{gap:10px;padding:0 5px 0 14px;color:var(--cairn-foreground);background:var(--cairn-background);
box-shadow:inset 0 0 0 1px var(--cairn-border),0 1px 2px rgba(0,0,0,.06)}
.cb[data-state=connected]:hover{filter:none;background:color-mix(in srgb,var(--cairn-foreground) 4%,var(--cairn-background))}
.balance{order:-1;font-variant-numeric:tabular-nums}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.address{display:inline-flex;align-items:center;gap:7px;height:30px;padding:0 10px 0 4px;border-radius:calc(var(--cairn-radius) - 7px);
background:color-mix(in srgb,var(--cairn-foreground) 7%,var(--cairn-background));font-variant-numeric:tabular-nums}
.cb[data-state=connected]:not([data-with-balance],[data-kind=network]){padding-left:5px}
.avatar{width:22px;height:22px;border-radius:50%;flex:none}
.spinner{width:14px;height:14px;box-sizing:border-box;border-radius:50%;border:2px solid currentColor;border-right-color:transparent;
animation:spin .8s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
.network{order:-2;font-size:13px;color:var(--cairn-muted)}
.network[data-unsupported],.network-name[data-unsupported]{color:#d92d20}
.cb[data-kind=network]{padding:0 14px}
.cb[data-size=sm]{height:32px;padding:0 12px;font-size:13px}
.cb[data-size=sm][data-state=connected]{padding:0 3px 0 10px}
.cb[data-size=sm] .address{height:24px}
.cb[data-size=lg]{height:48px;padding:0 20px;font-size:16px}
.cb[data-balance=never] .balance{display:none}
.cb[data-balance=never][data-state=connected]:not([data-with-network],[data-kind=network]){padding-left:5px}
@media (max-width:480px){.cb[data-balance=largeScreen] .balance{display:none}.cb[data-balance=largeScreen][data-state=connected]:not([data-with-network],[data-kind=network]){padding-left:5px}}
@media (min-width:481px){.cb[data-balance=smallScreen] .balance{display:none}.cb[data-balance=smallScreen][data-state=connected]:not([data-with-network],[data-kind=network]){padding-left:5px}}
@media (prefers-reduced-motion:reduce){.cb{transition:none}.spinner{animation:none}}
`;
