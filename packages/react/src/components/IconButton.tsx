import type { ReactNode } from 'react';

export interface IconButtonProps {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  onClick(): void;
  disabled?: boolean;
  children: ReactNode;
}

export function IconButton({ label, onClick, disabled = false, children }: IconButtonProps) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
