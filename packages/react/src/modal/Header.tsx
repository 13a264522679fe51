import { IconButton } from '../components/IconButton.tsx';
import { BackIcon, CloseIcon } from '../components/icons.tsx';
import { useT } from '../i18n/useT.ts';

export interface HeaderProps {
  titleId: string;
  title: string;
  onBack?: () => void;
  onClose(): void;
  /** SPEC §2: disabled on the sign view while sign-in is required and not done. */
  closeDisabled?: boolean;
}

export function Header({ titleId, title, onBack, onClose, closeDisabled = false }: HeaderProps) {
  const { t } = useT();
  return (
    <header className="header">
      {onBack ? (
        <IconButton label={t('modal.back')} onClick={onBack}>
          <BackIcon />
        </IconButton>
      ) : (
        <span aria-hidden="true" />
      )}
      <h2 id={titleId} className="title">
        {t(title)}
      </h2>
      <IconButton label={t('modal.close')} onClick={onClose} disabled={closeDisabled}>
        <CloseIcon />
      </IconButton>
    </header>
  );
}
