import { IconButton } from '../components/IconButton.tsx';
import { BackIcon, CloseIcon } from '../components/icons.tsx';

export interface HeaderProps {
  titleId: string;
  title: string;
  onBack?: () => void;
  onClose(): void;
}

export function Header({ titleId, title, onBack, onClose }: HeaderProps) {
  return (
    <header className="header">
      {onBack ? (
        <IconButton label="Back" onClick={onBack}>
          <BackIcon />
        </IconButton>
      ) : (
        <span aria-hidden="true" />
      )}
      <h2 id={titleId} className="title">
        {title}
      </h2>
      <IconButton label="Close" onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </header>
  );
}
