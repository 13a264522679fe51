import type { ReactNode } from 'react';

export interface IconButtonProps {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  onClick(): void;
  children: ReactNode;
}

export function IconButton({ label, onClick, children }: IconButtonProps) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
