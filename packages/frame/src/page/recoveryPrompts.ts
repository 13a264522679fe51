import { MIN_PASSPHRASE_LENGTH, type RecoveryFactor } from '../custody/recoveryBlob.ts';
import { createRecoveryCode } from '../custody/recoveryCode.ts';
import type { FramePromptKind } from '@cairn/core';
import { fill, type Translate } from '@cairn/core/rules';
import type { RecoveryPrompts } from '../login/recoveryPrompts.ts';
import { recoveryCodeMessage, revealMessage } from '../signing/approvalWindowMessages.ts';
import { ApprovalWindowText } from './approvalWindowPrompts.ts';
import { approvalWindowSession, type ApprovalWindowSession } from './approvalWindowSession.ts';
import { devicesScreen } from './devicesScreen.ts';
import { exportPhraseScreen } from './exportPhraseScreen.ts';
import { farcasterConfirmScreen } from './farcasterConfirmScreen.ts';
import { recoveryCodeSaving } from './recoveryCodeScreen.ts';
import { regionGates } from './regionGates.ts';
import { windowGates, type DecisionWindowOpener } from './windowGates.ts';

/** Where the screens' decisions are taken (session 24): the approval window's place now (FRAME_APPROVALS, the user's choice), and how to open it. */
export interface DecisionPlace {
  place(): 'window' | 'inline';
  opener: DecisionWindowOpener;
}

export const RecoveryPromptText = {
  passphraseMismatch: 'The two passphrases differ',
  passphraseTooShort: `A passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters`,
  /** Beside the passphrase option (issue 22 item 16): why the printed code is offered first. */
  codeIsSafer:
    'The recovery code is the safer choice: anyone who gets into your mailbox, or this site\'s server, can try passphrases offline, as many as they like; a recovery code cannot be guessed.',
} as const;

/** Why a chosen passphrase is refused, or undefined when it may be used. */
export function passphraseProblem(passphrase: string, repeated: string): string | undefined {
  if ([...passphrase.normalize('NFKC')].length < MIN_PASSPHRASE_LENGTH) return RecoveryPromptText.passphraseTooShort;
  if (passphrase !== repeated) return RecoveryPromptText.passphraseMismatch;
  return undefined;
}

/** A new device's pairing code, as both devices show it. */
function pairingCodeOf(code: string): HTMLOutputElement {
  const shown = document.createElement('output');
  shown.setAttribute('data-pairing-code', '');
  shown.className = 'recovery-code';
  shown.textContent = code;
  return shown;
}

/**
 * The frame's own screens for the recovery factor (the site never sees them, nor the factor): a new
 * wallet offers a printed code first (shown once, until the user says it is saved), and a
 * passphrase of the user's own only on request, with why the code is safer (a released recovery
 * blob can be attacked offline; 128 random bits cannot be guessed, a passphrase can); a new device
 * asks for the kind chosen then. Only a trusted click (the user's, not a script's) goes on.
 * With `decisions` placed in the window (session 24), the devices screen's and the Farcaster
 * confirmation's decisions are taken in the approval window, and the export's phrase is shown there.
 */
export function domRecoveryPrompts(root: HTMLElement, onShow: (visible: boolean, kind: FramePromptKind) => void, t: Translate = fill, decisions?: DecisionPlace): RecoveryPrompts {
  const inWindow = () => (decisions?.place() === 'window' ? decisions.opener : undefined);
  function screen<T = RecoveryFactor>(kind: FramePromptKind, build: (done: (value: T) => void, section: HTMLElement) => HTMLElement[]): Promise<T> {
    return new Promise((resolve) => {
      const section = document.createElement('section');
      section.setAttribute('aria-label', t('recovery.recovery'));
      let closed = false;
      section.append(
        ...build((value) => {
          if (closed) return;
          closed = true;
          section.remove();
          onShow(false, kind);
          resolve(value);
        }, section),
      );
      root.replaceChildren(section);
      onShow(true, kind);
    });
  }
  const text = (tag: string, content: string) => Object.assign(document.createElement(tag), { textContent: content });
  const button = (label: string) => Object.assign(text('button', label) as HTMLButtonElement, { type: 'button' as const });
  const trustedClick = (element: HTMLButtonElement, action: () => void) =>
    element.addEventListener('click', (event) => {
      if (event.isTrusted) action();
    });
  const field = (label: string, type: 'text' | 'password') => {
    const input = Object.assign(document.createElement('input'), { type, autocomplete: type === 'password' ? 'new-password' : 'off', spellcheck: false });
    input.setAttribute('aria-label', label);
    const wrapper = text('label', label);
    wrapper.append(input);
    return { input, wrapper };
  };
  /** Where the approval gate says why a guarded button takes no click yet (a decoy, a cropped frame, the wait). */
  const hintLine = () => {
    const hint = text('p', '');
    hint.className = 'hint';
    hint.setAttribute('aria-live', 'polite');
    return hint;
  };
  const problemLine = (message = '') => {
    const line = text('p', message);
    line.setAttribute('role', 'alert');
    line.className = 'problem';
    return line;
  };
  /** The gate of a screen's decisions: in the frame (regionGates), or in the approval window (windowGates) where it is placed. */
  const gatesOf = (section: HTMLElement, gateHint: HTMLElement) => {
    const opener = inWindow();
    return opener ? windowGates(gateHint, t, opener) : regionGates(section, gateHint, t);
  };

  /**
   * Session 25: a new wallet's printed code only in the approval window, as the export's phrase: the
   * frame shows no secret, only the button that opens the window (the site's login gave no click to
   * open it from). The window closed, the code is still unsaved here and can be shown again, the same
   * code; only the window's 'I have saved it' goes on. Until then no wallet exists: the login waits.
   */
  const codeInWindow = (code: string, opener: DecisionWindowOpener, saved: () => void): { parts: HTMLElement[]; end(): void } => {
    const status = hintLine();
    const show = button(t(ApprovalWindowText.open));
    show.className = 'primary saved';
    let session: ApprovalWindowSession | undefined;
    const newSession = () => {
      const current = approvalWindowSession(opener, (id) => recoveryCodeMessage(id, code, opener.locale()));
      void current.answer.then((answer) => {
        if (answer?.approved === true) return saved();
        if (session === current) session = undefined;
        if (show.isConnected) status.textContent = t('recovery.codeNotSavedYet');
      });
      return current;
    };
    trustedClick(show, () => {
      session ??= newSession();
      status.textContent = session.open() ? t(ApprovalWindowText.waiting) : t(ApprovalWindowText.blocked, { origin: opener.origin });
      show.textContent = t(ApprovalWindowText.showAgain);
    });
    return { parts: [text('p', t('recovery.codeInSecureWindow', { origin: opener.origin })), status, show], end: () => session?.end() };
  };

  return {
    chooseFactor: () =>
      screen('protectWallet', (done) => {
        const code = createRecoveryCode();
        const opener = inWindow();
        const codePart = document.createElement('div');
        const inTheWindow = opener ? codeInWindow(code, opener, () => done({ kind: 'code', code })) : undefined;
        codePart.append(...(inTheWindow?.parts ?? recoveryCodeSaving(code, t, () => done({ kind: 'code', code }))));

        const first = field(t('recovery.passphrase'), 'password');
        const second = field(t('recovery.passphraseAgain'), 'password');
        const problem = problemLine();
        const usePassphrase = button(t('recovery.useThisPassphrase'));
        trustedClick(usePassphrase, () => {
          const why = passphraseProblem(first.input.value, second.input.value);
          if (why) problem.textContent = t(why);
          else {
            // A passphrase chosen instead: the code's window, if open, closes unsaved.
            inTheWindow?.end();
            done({ kind: 'passphrase', passphrase: first.input.value });
          }
        });
        const passphrasePart = document.createElement('div');
        passphrasePart.hidden = true;
        passphrasePart.append(text('p', t('recovery.aPassphraseOfYour', { count: MIN_PASSPHRASE_LENGTH })), first.wrapper, second.wrapper, problem, usePassphrase);

        const toPassphrase = button(t('recovery.useAPassphraseInstead'));
        const toCode = button(t('recovery.useARecoveryCode'));
        toCode.hidden = true;
        const why = text('p', t(RecoveryPromptText.codeIsSafer));
        why.setAttribute('data-passphrase-warning', '');
        const swap = (passphrase: boolean) => {
          codePart.hidden = passphrase;
          passphrasePart.hidden = !passphrase;
          toPassphrase.hidden = passphrase;
          toCode.hidden = !passphrase;
        };
        trustedClick(toPassphrase, () => swap(true));
        trustedClick(toCode, () => swap(false));
        // The code is the default; the reason to keep it stays beside the passphrase option, whichever is shown.
        const heading = opener ? t('recovery.walletReadySaveCode') : t('recovery.protectYourWallet');
        return [text('h1', heading), codePart, passphrasePart, why, toPassphrase, toCode];
      }),
    askFactor: (kind, why, purpose) =>
      screen(purpose, (done) => {
        const passphrase = kind === 'passphrase';
        const { input, wrapper } = field(passphrase ? t('recovery.passphrase') : t('recovery.recoveryCode'), passphrase ? 'password' : 'text');
        const recover = button(t('recovery.openMyWallet'));
        trustedClick(recover, () => done(passphrase ? { kind, passphrase: input.value } : { kind: 'code', code: input.value }));
        const intro = passphrase ? t('recovery.enterThePassphraseYou') : t('recovery.enterTheRecoveryCode');
        return [text('h1', t('recovery.aNewDevice')), text('p', intro), wrapper, problemLine(why === undefined ? undefined : t(why)), recover];
      }),
    // A new device: the code to compare on the device that approves it, or the recovery factor instead.
    awaitApproval: (code, approved) =>
      screen<'approved' | 'recover'>('recoverWallet', (done) => {
        const recover = button(t('recovery.useMyRecoveryCode'));
        trustedClick(recover, () => done('recover'));
        const waiting = text('p', t('recovery.waitingForApproval'));
        waiting.setAttribute('role', 'status');
        // A request that ended (expired, dropped by 'Sign out everywhere else', the login gone) is
        // said so: before session 26 the screen kept waiting for an answer that could not come.
        void approved.then(
          () => done('approved'),
          () => {
            waiting.textContent = t('recovery.approvalRequestEnded');
            waiting.setAttribute('role', 'alert');
          },
        );
        return [text('h1', t('recovery.aNewDevice')), text('p', t('recovery.approveThisDeviceWhere')), pairingCodeOf(code), waiting, recover];
      }),
    // A device with the wallet open (session 21): its devices, and a new one found by the code typed from its screen.
    // Its Approve and Remove take a click only through the approval gate (session 22): the whole screen seen, unbroken, and the pointer moved onto the button.
    manageDevices: async (manager) => {
      await screen<undefined>('manageDevices', (done, section) => {
        const gateHint = hintLine();
        const { gatedClick, stopAll } = gatesOf(section, gateHint);
        const parts = { text, button, trustedClick, gatedClick, problemLine, gateHint, decidesInWindow: inWindow() !== undefined };
        return devicesScreen(manager, t, parts, () => {
          stopAll();
          done(undefined);
        });
      });
    },
    // Session 22: whose Farcaster account answered, before the login (focus stays off Continue: a key pressed for the site must not confirm).
    // Session 23: its Continue behind the approval gate, as the devices screen's buttons (a site's decoy could show another name over the one asked about).
    confirmFarcaster: (account) =>
      screen<boolean>('confirmFarcaster', (done, section) => {
        const gateHint = hintLine();
        const { gatedClick, stopAll } = gatesOf(section, gateHint);
        return farcasterConfirmScreen(account, t, { text, button, trustedClick, gatedClick, problemLine, gateHint }, (confirmed) => {
          stopAll();
          done(confirmed);
        });
      }),
    showExport: async (mnemonic) => {
      const opener = inWindow();
      await screen<undefined>('exportWallet', (done) => {
        if (!opener) return exportPhraseScreen(mnemonic, t, () => done(undefined));
        // Session 24: the phrase only in the approval window, a page of this origin the site can neither draw around nor read.
        const session = approvalWindowSession(opener, (id) => revealMessage(id, mnemonic, opener.locale()));
        void session.answer.then(() => done(undefined));
        const status = hintLine();
        const show = button(t(ApprovalWindowText.open));
        show.className = 'primary';
        trustedClick(show, () => {
          status.textContent = session.open() ? t(ApprovalWindowText.waiting) : t(ApprovalWindowText.blocked, { origin: opener.origin });
          show.textContent = t(ApprovalWindowText.showAgain);
        });
        const finished = button(t('recovery.done'));
        trustedClick(finished, () => session.end());
        return [text('h1', t('recovery.yourRecoveryPhrase')), text('p', t('recovery.phraseInSecureWindow', { origin: opener.origin })), status, finished, show];
      });
    },
  };
}
