export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div className="wallet-error" role="alert">
      <span>{message}</span>
      <button type="button" onClick={onDismiss} aria-label="Dismiss error">
        ×
      </button>
    </div>
  );
}
