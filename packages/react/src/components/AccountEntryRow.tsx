import { ChevronRightIcon } from './icons.tsx';

export interface AccountEntryRowProps {
  label: string;
  testId: string;
  /** Fetches the feature's code on intent, before the click. */
  prefetch(): void;
  onClick(): void;
}

/** A wallet feature's row on Account: its name and a chevron to its view. */
export function AccountEntryRow({ label, testId, prefetch, onClick }: AccountEntryRowProps) {
  return (
    <button type="button" className="row" data-testid={testId} onPointerEnter={prefetch} onFocus={prefetch} onClick={onClick}>
      <span className="row-name">{label}</span>
      <span className="row-chevron" aria-hidden="true">
        <ChevronRightIcon />
      </span>
    </button>
  );
}
