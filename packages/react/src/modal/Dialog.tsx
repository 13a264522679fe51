import { useEffect, useRef, type ReactNode } from 'react';
import { useEscapeKey } from './useEscapeKey.ts';
import { useFocusTrap } from './useFocusTrap.ts';
import { useRestoreFocus } from './useRestoreFocus.ts';
import { useScrollLock } from './useScrollLock.ts';
import { useT } from '../i18n/useT.ts';

export interface DialogProps {
  /** Closed, the dialog stays rendered but hidden, so that opening it only has to show it. */
  open: boolean;
  titleId: string;
  onClose(): void;
  /**
   * Focus moves back into the dialog whenever this changes (a new view): to the element marked
   * `data-autofocus` if the view has one, else to the dialog itself.
   */
  focusKey: unknown;
  /** SPEC §9: the card shakes (500 ms) when the visitor's action was refused. */
  shaking?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog: labelled by its title, focus moved in on open and trapped, Escape and a click
 * on the backdrop close it, and focus returns where it was on close.
 */
export function Dialog({ open, titleId, onClose, focusKey, shaking = false, children }: DialogProps) {
  const { locale, dir } = useT();
  const cardRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  useRestoreFocus(open);
  useFocusTrap(cardRef, open);
  useEscapeKey(onClose, open);
  useScrollLock(open);

  useEffect(() => {
    const card = cardRef.current;
    if (!card || !open) return;
    const target = card.querySelector<HTMLElement>('[data-autofocus]') ?? card;
    target.focus({ preventScroll: true });
  }, [focusKey, open]);

  return (
    <div
      className="backdrop"
      data-state={open ? 'open' : 'closed'}
      aria-hidden={open ? undefined : true}
      data-testid="cairn-backdrop"
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A press that starts in the card and ends outside (selecting text) does not close.
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onClose();
      }}
    >
      {/* The active language, and its direction (Arabic lays out right to left). */}
      <div
        ref={cardRef}
        className="card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        lang={locale}
        dir={dir}
        data-shaking={shaking || undefined}
      >
        {children}
      </div>
    </div>
  );
}
