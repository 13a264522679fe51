/** Runs `task` when the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(task: () => unknown, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => void task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => void task(), 0);
  return () => clearTimeout(handle);
}
