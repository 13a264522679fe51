import type { FramePromptKind } from '@cairn/core';
import { createLoginApi } from '@cairn/core/internal';
import { indexedDbDeviceStore } from '../custody/deviceStore.ts';
import { startFrameHost } from '../host/frameHost.ts';
import { FrameLogin } from '../login/frameLogin.ts';
import { localLoginTokenStore } from '../login/loginTokenStore.ts';
import { windowSocialAnswers } from '../login/socialAnswers.ts';
import { approvalPlace, DEFAULT_APPROVAL_WINDOW_SETTING } from '../signing/approvalWindowMode.ts';
import { domApprovalPrompts } from './approvalPrompts.ts';
import { hasVisibilityV2, placedApprovalPrompts } from './approvalPlacement.ts';
import { approvalWindowPrompts, localSeparateWindowChoice } from './approvalWindowPrompts.ts';
import { domRecoveryPrompts } from './recoveryPrompts.ts';
import { FRAME_CONFIG_META, parseFrameConfig } from './frameConfig.ts';
import { frameHandlers, type FramePageState } from './frameHandlers.ts';
import { frameLanguage } from './frameLanguage.ts';
import { frameAccounts } from '../smartAccount/frameAccounts.ts';
import { localPreferredAccountStore } from '../smartAccount/preferredAccountStore.ts';
import { SmartAccountText } from '../smartAccount/smartAccountText.ts';

// The frame page: runs only in its own (tuple) origin, inside a site's iframe.
function show(text: string) {
  const main = document.getElementById('frame');
  if (main) main.textContent = text;
  document.documentElement.dataset.frameState = text;
}

function run() {
  // `self.origin` is 'null' in a sandboxed frame even when `location.origin` is not.
  if (self.origin === 'null' || location.origin === 'null') return show('refused: opaque origin');
  if (window.parent === window) return show('refused: not embedded');
  const content = document.querySelector(`meta[name="${FRAME_CONFIG_META}"]`)?.getAttribute('content');
  const config = parseFrameConfig(content ? JSON.parse(content) : undefined);
  const state: FramePageState = { chainId: config.networks[0]!.chainId, themeMode: 'light' };
  const promptRoot = document.getElementById('prompt') ?? document.body;
  // The screens' language: English until the widget names its own (SYNC_DAPP_DATA).
  const language = frameLanguage(document.documentElement);
  // The frame's own screens: the widget shows the iframe while one is open.
  const showPrompt = (visible: boolean, kind: FramePromptKind) => {
    document.documentElement.dataset.prompt = visible ? 'open' : 'closed';
    host.prompt(visible, kind);
  };
  // Approvals in the approval window, a top-level page of this origin no site can draw over, or
  // inline behind the gate: as the operator set it (FRAME_APPROVALS) and the user chose (session 23).
  const setting = config.approvals ?? DEFAULT_APPROVAL_WINDOW_SETTING;
  const choice = localSeparateWindowChoice(localStorage);
  const browser = { visibilityV2: hasVisibilityV2() };
  const windowOpener = {
    open: (url: string) => window.open(url, '_blank', 'popup,width=480,height=680'),
    self: window,
    origin: location.origin,
    locale: () => document.documentElement.lang,
  };
  // Session 24: the devices screen's and the Farcaster confirmation's decisions, and the export's phrase, in the same place.
  const decisions = { place: () => approvalPlace(setting, { alwaysSeparate: choice.get() }, browser), opener: windowOpener };
  // The server is the frame's own configuration; the project id comes with the site's SYNC_DAPP_DATA.
  const login = new FrameLogin({
    api: () => createLoginApi({ url: config.serverUrl, projectId: state.dapp?.projectId ?? '' }),
    devices: indexedDbDeviceStore(),
    tokens: localLoginTokenStore(localStorage),
    prompts: domRecoveryPrompts(promptRoot, showPrompt, language.t, decisions),
    // The server's callback page posts the provider's answer to this window (checked: its origin, this flow's state).
    socialAnswers: windowSocialAnswers(window),
    socialTimeoutMs: 25_000,
  });
  // The key's smart account where a network enables one; its code (viem's account abstraction) loads when first used.
  const accounts = frameAccounts({
    config,
    preferred: localPreferredAccountStore(localStorage),
    loadSender: async (owner, chainId) => {
      const network = config.networks.find((candidate) => candidate.chainId === chainId);
      if (!network?.smartAccount) throw new Error(SmartAccountText.notEnabled);
      const { smartAccountSender } = await import('../smartAccount/smartAccountSender.ts');
      return smartAccountSender(owner, { chainId, rpcUrl: network.rpcUrl, smartAccount: network.smartAccount });
    },
  });
  const showApproval = (visible: boolean) => showPrompt(visible, 'approval');
  const separate = approvalWindowPrompts(promptRoot, showApproval, { ...windowOpener, choice }, language.t);
  const approvals = placedApprovalPrompts(setting, choice, browser, domApprovalPrompts(promptRoot, showApproval, language.t, undefined, separate.ask), separate);
  // The prompts use it; they run only after the handshake.
  const host = startFrameHost({
    self: window,
    selfOrigin: self.origin,
    parent: window.parent,
    allowedOrigins: config.allowedOrigins,
    handlers: frameHandlers(config, state, {
      applyTheme: (mode) => (document.documentElement.dataset.theme = mode),
      reload: () => location.reload(),
      useLocale: language.use,
    }, { login, approvals, accounts }),
  });
  // Shown again (session 22): a device removed meanwhile forgets the key now, not at its next signature.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') login.checkLive().catch(() => undefined);
  });
  show('waiting');
  const watch = setInterval(() => {
    if (host.connectedOrigin) {
      clearInterval(watch);
      show(`connected: ${host.connectedOrigin}`);
    }
  }, 50);
}

try {
  run();
} catch (error) {
  show(`refused: ${error instanceof Error ? error.message : 'error'}`);
}
