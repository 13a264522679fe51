import type { ReactNode } from 'react';

// The few glyphs the modal needs, drawn inline (no icon library). Decorative: the control that
// holds one carries the accessible name.
function Glyph({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Glyph>
    <path d="M6 6l12 12M18 6L6 18" />
  </Glyph>
);

export const BackIcon = () => (
  <Glyph>
    <path d="M15 5l-7 7 7 7" />
  </Glyph>
);

export const ChevronRightIcon = ({ size = 18 }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M9 5l7 7-7 7" />
  </Glyph>
);

export const CopyIcon = ({ size = 16 }: { size?: number }) => (
  <Glyph size={size}>
    <rect x="9" y="9" width="11" height="11" rx="2.5" />
    <path d="M5 15V6.5A2.5 2.5 0 0 1 7.5 4H15" />
  </Glyph>
);

export const CheckIcon = ({ size = 16 }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Glyph>
);

export const WalletGlyph = ({ size = 22 }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6.5A2.5 2.5 0 0 1 4 16.5z" />
    <path d="M15 12h5" />
    <circle cx="16" cy="12" r="0.6" fill="currentColor" />
  </Glyph>
);

export const AlertIcon = ({ size = 16 }: { size?: number }) => (
  <Glyph size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Glyph>
);

export const DisconnectIcon = ({ size = 18 }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M9 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h3M15 16l4-4-4-4M19 12H9" />
  </Glyph>
);

export const ExternalLinkIcon = ({ size = 16 }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
  </Glyph>
);
