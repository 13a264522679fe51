/**
 * Runs `task` once the next frame has painted: a task queued from that frame's animation-frame
 * callback runs after its paint; at the latest after 1 s (a hidden tab has no frames). Where there
 * are no frames at all (a server, a test), it runs at once. Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    task();
    return () => {};
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  const fallback = setTimeout(run, 1000);
  return () => {
    done = true;
    clearTimeout(fallback);
  };
}
