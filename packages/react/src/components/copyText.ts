import { deepActiveElement } from '../dom/deepActiveElement.ts';

/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context and permission;
 * where it is missing or refuses, fall back to a selected textarea and `execCommand('copy')`.
 * Resolves whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (globalThis.navigator?.clipboard?.writeText) {
      await globalThis.navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  return copyWithSelection(text);
}

function copyWithSelection(text: string): boolean {
  if (typeof document === 'undefined') return false;
  const previousFocus = deepActiveElement();
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none;';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  if (previousFocus instanceof HTMLElement) previousFocus.focus();
  return copied;
}
