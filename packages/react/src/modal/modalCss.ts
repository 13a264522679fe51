// The modal's styles, shipped in the lazy chunk and injected inside its shadow root. Colours
// derive from the `--cairn-*` variables with color-mix, so a site's override flows everywhere.
// The card hangs from a fixed top instead of being centred: what arrives after it shows (the
// catalogue's wallets, a lazily loaded adapter's) grows it downward, and the rows already shown
// stay under the pointer (centred, they jumped 134 px up as the click landed: e2e/connect.e2e.ts).
// With reduced motion asked, nothing moves, spinners and skeletons included: a turning spinner keeps
// the page drawing every frame for as long as it waits (the ring's coloured arc and the text still say it).
export const MODAL_CSS = `
:host{all:initial!important;display:contents!important;--_error:#d92d20;--_shadow:rgba(16,18,24,.18)}
:host([data-theme="dark"]){--_error:#ff7a70;--_shadow:rgba(0,0,0,.5)}
*,*::before,*::after{box-sizing:border-box}
button{font:inherit;color:inherit;margin:0;padding:0;border:0;background:none;cursor:pointer;text-align:inherit;-webkit-tap-highlight-color:transparent}
button[aria-disabled="true"]{cursor:not-allowed}
button[aria-busy="true"]{cursor:progress}
:focus-visible{outline:2px solid var(--cairn-accent);outline-offset:2px}
p{margin:0}
ul{list-style:none;margin:0;padding:0}

.backdrop{
--_surface:color-mix(in srgb,var(--cairn-foreground) 4.5%,var(--cairn-background));
--_surface-hover:color-mix(in srgb,var(--cairn-foreground) 9%,var(--cairn-background));
--_accent-soft:color-mix(in srgb,var(--cairn-accent) 13%,var(--cairn-background));
position:fixed;inset:0;z-index:var(--cairn-z-index);display:flex;align-items:flex-start;justify-content:center;
padding:min(12vh,96px) 16px 16px;overflow-y:auto;overscroll-behavior:contain;background:var(--cairn-overlay);
font-family:var(--cairn-font-family);font-size:15px;line-height:1.4;color:var(--cairn-foreground);
-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;text-rendering:optimizeLegibility;
animation:cairn-fade .18s ease-out}
.card{position:relative;display:flex;flex-direction:column;width:360px;max-width:100%;max-height:calc(100vh - 16px - min(12vh,96px));
background:var(--cairn-background);border-radius:calc(var(--cairn-radius) + 8px);outline:none;
box-shadow:0 0 0 1px var(--cairn-border),0 24px 56px -12px var(--_shadow),0 8px 20px -8px var(--_shadow);
animation:cairn-rise .24s cubic-bezier(.2,.8,.2,1)}
.backdrop[data-state="closed"]{visibility:hidden;pointer-events:none;animation:none}
.backdrop[data-state="closed"] .card{animation:none}

.header{display:grid;grid-template-columns:36px 1fr 36px;align-items:center;gap:8px;padding:14px 14px 8px}
.title{margin:0;text-align:center;font-size:16px;font-weight:600;letter-spacing:-.01em;
white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;flex:none;
border-radius:50%;color:var(--cairn-muted);transition:background-color .15s,color .15s}
.icon-button:hover{background:var(--_surface-hover);color:var(--cairn-foreground)}
.body{padding:8px 16px 20px;overflow-y:auto}

.list{display:flex;flex-direction:column;gap:8px}
.row{display:flex;align-items:center;gap:12px;width:100%;min-height:60px;padding:10px 14px 10px 10px;
border-radius:var(--cairn-radius);background:var(--_surface);text-align:start;transition:background-color .15s,transform .1s}
button.row:hover{background:var(--_surface-hover)}
button.row:active{transform:scale(.985)}
.row[aria-disabled="true"],.row:disabled{opacity:.5}
button.row:disabled{pointer-events:none}
.row[aria-current="true"]{box-shadow:inset 0 0 0 1.5px var(--cairn-accent);background:var(--_accent-soft)}
.row-name{flex:1;min-width:0;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.row-check{display:inline-flex;color:var(--cairn-accent)}
.row-chevron{display:inline-flex;color:var(--cairn-muted)}
[dir=rtl] .row-chevron svg,[dir=rtl] .header .icon-button:first-child svg{transform:scaleX(-1)}
.tag{flex:none;padding:3px 8px;border-radius:999px;font-size:12px;font-weight:600;line-height:16px;
color:var(--cairn-accent);background:var(--_accent-soft)}
.tag[data-section="injected"]{color:var(--cairn-muted);background:var(--_surface-hover)}

.wallet-icon{position:relative;display:inline-flex;align-items:center;justify-content:center;flex:none;overflow:hidden;
border-radius:calc(var(--cairn-radius) - 5px);background:var(--_surface-hover);color:var(--cairn-muted)}
.wallet-icon::after{content:"";position:absolute;inset:0;border-radius:inherit;pointer-events:none;
box-shadow:inset 0 0 0 1px color-mix(in srgb,var(--cairn-foreground) 8%,transparent)}
.wallet-icon img{display:block;width:100%;height:100%;object-fit:cover}
.network-badge{display:inline-flex;align-items:center;justify-content:center;flex:none;border-radius:50%;
font-weight:700;color:#fff;text-shadow:0 1px 1px rgba(0,0,0,.25)}
.network-badge[data-unknown]{background:var(--_surface-hover);color:var(--cairn-muted);text-shadow:none}

.headline{font-size:17px;font-weight:600;letter-spacing:-.01em}
.headline.error{color:var(--_error)}
.muted{color:var(--cairn-muted);font-size:14px;line-height:1.5;text-wrap:balance}
.lead{color:var(--cairn-muted);font-size:14px;line-height:1.5;text-align:center;text-wrap:balance;margin:0 4px 16px}
.stack{display:flex;flex-direction:column}
.stack .disconnect{margin-top:8px}

.empty{display:flex;flex-direction:column;align-items:center;gap:6px;padding:20px 12px 12px;text-align:center}
.empty .muted{max-width:260px}
.empty-icon{display:inline-flex;align-items:center;justify-content:center;width:60px;height:60px;margin-bottom:8px;
border-radius:50%;background:var(--_surface);color:var(--cairn-muted)}

.connecting{display:flex;flex-direction:column;align-items:center;gap:6px;padding:12px 8px 4px;text-align:center}
.connecting-icon{position:relative;display:flex;align-items:center;justify-content:center;width:96px;height:96px;margin-bottom:12px}
.connecting-icon .wallet-icon{border-radius:20px}
.connecting-icon::before{content:"";position:absolute;inset:0;border-radius:50%;border:3px solid var(--_surface-hover);
border-top-color:var(--cairn-accent);animation:cairn-spin 1s linear infinite}
.connecting[data-state="error"] .connecting-icon::before{animation:none;border-color:color-mix(in srgb,var(--_error) 35%,transparent)}
.connecting-badge{position:absolute;right:10px;bottom:10px;display:inline-flex;align-items:center;justify-content:center;
width:24px;height:24px;border-radius:50%;color:#fff;background:var(--_error);box-shadow:0 0 0 3px var(--cairn-background)}
.connecting-retry{margin-top:14px}

.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;height:44px;padding:0 20px;
border-radius:var(--cairn-radius);font-weight:600;text-align:center;transition:background-color .15s,filter .15s,transform .1s}
.btn:active{transform:scale(.98)}
.btn-primary{background:var(--cairn-accent);color:var(--cairn-accent-foreground)}
.btn-primary:hover{filter:brightness(1.07)}
.btn-secondary{background:var(--_surface);color:var(--cairn-foreground)}
.btn-secondary:hover{background:var(--_surface-hover)}
.btn-block{width:100%}
.icon-button:disabled{opacity:.35;cursor:not-allowed}
.siwe-actions{display:grid;grid-template-columns:1fr 1fr;gap:10px;width:100%;margin-top:16px}
.btn[aria-disabled="true"]{opacity:.6}

.account{display:flex;flex-direction:column;align-items:center;padding-top:4px;text-align:center}
.avatar{display:block;flex:none;border-radius:50%;box-shadow:inset 0 0 0 1px rgba(0,0,0,.06),0 6px 16px -6px var(--_shadow)}
.account-id{position:relative;display:flex;align-items:center;gap:2px;margin-top:14px;padding-inline-start:34px}
.account-address{font-size:19px;font-weight:650;letter-spacing:-.015em;font-variant-numeric:tabular-nums}
.name-part{white-space:nowrap}
.name-part-long{overflow-wrap:anywhere}
.copy-button{width:32px;height:32px}
.copy-button[data-copied]{color:var(--cairn-accent)}
.copy-status{min-height:18px;font-size:12px;font-weight:600;color:var(--cairn-accent)}
.copy-status[data-state="failed"]{color:var(--_error)}
.account .copy-status{position:absolute;inset-inline-start:100%;top:50%;transform:translateY(-50%);padding-inline-start:2px;white-space:nowrap}
.account-balance{margin-top:4px;min-height:21px;color:var(--cairn-muted);font-size:15px;font-variant-numeric:tabular-nums}
.account-balance[data-state="error"]{color:var(--_error);font-size:14px}
.account-secondary{margin:2px 0 0;color:var(--cairn-muted);font-size:13px}
.account-usd{margin:2px 0 0;font-size:13px;color:var(--cairn-muted);font-variant-numeric:tabular-nums}
.tokens{list-style:none;margin:12px 0 0;padding:0;width:100%;display:flex;flex-direction:column;gap:2px;max-height:220px;overflow:auto}
.token{display:flex;align-items:center;gap:10px;padding:8px 10px;border-radius:12px}
.token:hover{background:var(--_surface)}
.token-icon{width:28px;height:28px;border-radius:50%;flex:none;display:grid;place-items:center;background:var(--_surface);font-size:12px;font-weight:600;object-fit:cover}
.token-name{display:flex;flex-direction:column;flex:1;min-width:0;text-align:start}
.token-symbol{font-weight:600;font-size:14px}
.token-amount{font-size:12px;color:var(--cairn-muted);font-variant-numeric:tabular-nums}
.token-value{font-size:13px;font-variant-numeric:tabular-nums}
.wallet-features{display:flex;gap:8px;width:100%;margin-top:16px}
.wallet-feature{flex:1;min-height:40px;border-radius:12px;font-weight:600;font-size:14px;background:var(--_surface);color:var(--cairn-foreground)}
.wallet-feature:hover{background:var(--_surface-hover)}
.account-switcher{display:flex;gap:6px;width:100%;margin-bottom:16px}
.account-switch{flex:1;display:flex;align-items:center;gap:6px;min-width:0;min-height:36px;padding:6px 8px;border-radius:12px;background:var(--_surface);color:var(--cairn-foreground);font-size:13px}
.account-switch[aria-pressed="true"]{box-shadow:inset 0 0 0 2px var(--cairn-accent)}
.account-switch-name{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.account-switch-address{color:var(--cairn-muted);font-variant-numeric:tabular-nums;margin-inline-start:auto}
.account-actions{display:flex;flex-direction:column;gap:8px;width:100%;margin-top:20px}
.account-actions .row{min-height:52px;padding-inline-start:12px}

.status-line{min-height:20px;margin-top:10px;font-size:13px;color:var(--cairn-muted);text-align:center}
.status-line:empty{min-height:0;margin-top:0}
.error-text{display:flex;align-items:center;justify-content:center;gap:6px;margin-top:10px;font-size:13px;color:var(--_error);text-align:center}
.error-text svg{flex:none}
/* In the card's flow, under the view: a toast never covers the modal's controls. */
.toast-region{display:flex;justify-content:center;padding:0 16px 16px}
.toast-region:empty{padding:0}
.toast{display:flex;align-items:center;gap:8px;max-width:100%;margin:0;padding:8px 14px;border-radius:18px;overflow-wrap:anywhere;font-size:13px;
background:var(--cairn-foreground);color:var(--cairn-background);box-shadow:0 4px 16px var(--_shadow);animation:cairn-toast .2s ease-out}
.toast[data-variant="error"]{background:var(--_error);color:#fff}
.toast-link{flex:none;color:inherit;font-weight:600;text-decoration:underline}
@keyframes cairn-toast{from{opacity:0;transform:translateY(8px)}}

.spinner{display:inline-block;flex:none;width:16px;height:16px;border-radius:50%;border:2px solid currentColor;
border-right-color:transparent;animation:cairn-spin .8s linear infinite}
.row .spinner{color:var(--cairn-accent)}
.skeleton{display:inline-block;width:96px;height:14px;border-radius:6px;vertical-align:middle;background:var(--_surface-hover);
animation:cairn-pulse 1.2s ease-in-out infinite}
.walletconnect{display:flex;flex-direction:column;align-items:center;gap:14px;padding:4px 0}
.walletconnect-lead{margin:0 8px}
.walletconnect-actions{display:flex;flex-wrap:wrap;justify-content:center;gap:8px}
.walletconnect-actions .btn{height:38px;padding:0 14px;font-size:14px}
.qr{position:relative;display:flex;align-items:center;justify-content:center;width:min(280px,100%);aspect-ratio:1;
border-radius:calc(var(--cairn-radius) + 4px);background:#fff;overflow:hidden;box-shadow:0 0 0 1px var(--cairn-border)}
.qr svg{display:block;width:100%;height:100%}
.qr-logo{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;pointer-events:none}
.qr-logo .wallet-icon{border-radius:12px;background:#fff}
.qr-placeholder{background:var(--_surface);color:var(--cairn-accent)}
.qr-placeholder .spinner{width:28px;height:28px;border-width:3px}
a.btn{text-decoration:none}
.catalogue{display:flex;flex-direction:column;gap:10px}
.search{position:relative;display:flex;align-items:center}
.search-icon{position:absolute;inset-inline-start:12px;display:inline-flex;color:var(--cairn-muted);pointer-events:none}
.search-icon .spinner{width:14px;height:14px;color:var(--cairn-accent)}
.search-input{width:100%;height:44px;padding-block:0;padding-inline:36px 40px;border:0;border-radius:var(--cairn-radius);font:inherit;color:inherit;
background:var(--_surface);outline:none;box-shadow:inset 0 0 0 1px transparent;transition:box-shadow .15s,background-color .15s;appearance:none}
.search-input::placeholder{color:var(--cairn-muted)}
.search-input:focus-visible{box-shadow:inset 0 0 0 1.5px var(--cairn-accent);background:var(--cairn-background)}
.search-input::-webkit-search-cancel-button{display:none}
.search-clear{position:absolute;inset-inline-end:6px;display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;
border-radius:50%;color:var(--cairn-muted)}
.search-clear:hover{background:var(--_surface-hover);color:var(--cairn-foreground)}
.vlist{position:relative;height:min(440px,calc(100vh - 200px));overflow-y:auto;overscroll-behavior:contain;margin:0 -4px;padding:0 4px;contain:strict}
.vlist-rows{position:relative;contain:strict;width:100%}
.vlist-rows>li{position:absolute;left:0;right:0;contain:layout style}
.vlist-rows[aria-busy="true"]{opacity:.6}
.vlist-footer{display:flex;justify-content:center;padding:8px 0 4px;color:var(--cairn-accent)}
.catalogue-loading{display:flex;align-items:center;justify-content:center;gap:10px;min-height:160px;color:var(--cairn-muted);font-size:14px}
.catalogue-loading .spinner{color:var(--cairn-accent)}
.catalogue-problem{display:flex;flex-direction:column;align-items:center;gap:8px;padding:24px 8px;text-align:center}
.catalogue-problem.compact{flex-direction:row;justify-content:center;padding:4px 0}
.catalogue-problem .error-text{margin-top:0}
.catalogue-problem .btn{height:36px;padding:0 16px;font-size:14px}
.tag[data-tag="featured"]{color:var(--cairn-muted);background:var(--_surface-hover)}
.row-count{flex:none;font-size:13px;font-weight:600;color:var(--cairn-muted);font-variant-numeric:tabular-nums}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}

@keyframes cairn-fade{from{opacity:0}}
@keyframes cairn-rise{from{opacity:0;transform:translateY(10px) scale(.98)}}
@keyframes cairn-sheet{from{transform:translateY(100%)}}
@keyframes cairn-spin{to{transform:rotate(360deg)}}
@keyframes cairn-pulse{50%{opacity:.45}}
.card[data-shaking]{animation:cairn-shake .5s}
@keyframes cairn-shake{20%,60%{transform:translateX(-8px)}40%,80%{transform:translateX(8px)}}

@media (max-width:480px){
.backdrop{align-items:flex-end;padding:0}
.card{width:100%;max-height:calc(100vh - 24px);border-bottom-left-radius:0;border-bottom-right-radius:0;animation-name:cairn-sheet}
.body{padding-bottom:max(20px,env(safe-area-inset-bottom))}
}
.legal{margin-bottom:12px;font-size:13px;color:var(--cairn-muted)}
.legal-label{display:flex;gap:8px;align-items:center;color:var(--cairn-foreground)}
.legal-links{display:flex;gap:12px;margin:4px 0 0 24px}
.legal-links a{color:var(--cairn-accent)}
.login{display:flex;flex-direction:column;gap:10px;margin-bottom:8px}
.login-email-row{display:flex;gap:8px}
.login-email-row .btn{flex:none}
.login-input{flex:1;min-width:0;height:44px;padding:0 14px;border:0;border-radius:var(--cairn-radius);font:inherit;color:inherit;background:var(--_surface);
outline:none;box-shadow:inset 0 0 0 1px transparent;appearance:none}
.login-input:focus-visible{box-shadow:inset 0 0 0 1.5px var(--cairn-accent);background:var(--cairn-background)}
.login-input[aria-invalid="true"]{box-shadow:inset 0 0 0 1.5px var(--_error)}
.otp-input{width:100%;max-width:220px;text-align:center;font-size:22px;letter-spacing:.3em;margin-top:10px}
.socials{display:grid;grid-template-columns:repeat(auto-fit,minmax(96px,1fr));gap:8px;list-style:none;margin:0;padding:0}
.social-button{width:100%;gap:8px}
.social-glyph{display:inline-flex;align-items:center;justify-content:center;width:20px;height:20px;border-radius:50%;background:var(--cairn-background);font-weight:700;font-size:12px}
.login-divider{display:flex;align-items:center;gap:10px;margin:4px 0 0;color:var(--cairn-muted);font-size:13px}
.login-divider::before,.login-divider::after{content:"";flex:1;height:1px;background:var(--_surface-hover)}
.approve{display:flex;flex-direction:column;gap:10px;align-items:center;text-align:center}
.approve-frame{display:flex;align-items:center;justify-content:center;width:100%;height:min(480px,calc(100vh - 220px));border-radius:var(--cairn-radius);background:var(--_surface)}
@media (prefers-reduced-motion:reduce){
.backdrop,.card,.card[data-shaking]{animation:none}
.spinner,.connecting-icon::before,.skeleton,.toast{animation:none}
*{transition:none!important}
}
`;
