import type { RecoveryFactor } from '../custody/recoveryBlob.ts';
import { createRecoveryCode } from '../custody/recoveryCode.ts';
import type { RecoveryPrompts } from '../login/frameLogin.ts';

/**
 * The frame's own screens for the recovery factor (the site never sees them, nor the code): a new
 * wallet shows its printed code once, until the user says it is saved; a new device asks for it.
 * Only a trusted click (the user's, not a script's) goes on.
 */
export function domRecoveryPrompts(root: HTMLElement, onShow: (visible: boolean) => void): RecoveryPrompts {
  function screen(build: (done: (factor: RecoveryFactor) => void) => HTMLElement[]): Promise<RecoveryFactor> {
    return new Promise((resolve) => {
      const section = document.createElement('section');
      section.setAttribute('aria-label', 'Recovery');
      section.append(
        ...build((factor) => {
          section.remove();
          onShow(false);
          resolve(factor);
        }),
      );
      root.replaceChildren(section);
      onShow(true);
    });
  }
  const text = (tag: string, content: string) => Object.assign(document.createElement(tag), { textContent: content });
  const trustedClick = (button: HTMLButtonElement, action: () => void) =>
    button.addEventListener('click', (event) => {
      if (event.isTrusted) action();
    });

  return {
    chooseFactor: () =>
      screen((done) => {
        const code = createRecoveryCode();
        const saved = text('button', 'I have saved it') as HTMLButtonElement;
        saved.type = 'button';
        trustedClick(saved, () => done({ kind: 'code', code }));
        const shown = text('output', code);
        shown.setAttribute('data-recovery-code', '');
        return [text('h1', 'Your recovery code'), text('p', 'Write it down and keep it safe: with it, and only with it, you can open this wallet on another device.'), shown, saved];
      }),
    askFactor: () =>
      screen((done) => {
        const input = document.createElement('input');
        input.autocomplete = 'off';
        input.spellcheck = false;
        input.setAttribute('aria-label', 'Recovery code');
        const label = text('label', 'Recovery code');
        label.append(input);
        const recover = text('button', 'Open my wallet') as HTMLButtonElement;
        recover.type = 'button';
        trustedClick(recover, () => done({ kind: 'code', code: input.value }));
        return [text('h1', 'A new device'), text('p', 'Enter the recovery code you saved when you made this wallet.'), label, recover];
      }),
  };
}
