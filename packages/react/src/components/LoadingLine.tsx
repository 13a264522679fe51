/** The one "Loading…" line of a view whose data or code is on its way. */
export function LoadingLine() {
  return (
    <p className="status-line" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </p>
  );
}
