import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A browser's frames, run by hand: each callback is the frame's animation-frame step, before its paint. */
function stubFrames() {
  const callbacks = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => callbacks.delete(handle));
  return {
    frame: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback(0);
    },
  };
}

describe('after the next paint', () => {
  it('runs in a task after the next frame, not in the frame itself nor before it', () => {
    vi.useFakeTimers();
    const frames = stubFrames();
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(500);
    expect(task).not.toHaveBeenCalled();
    frames.frame();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(2000);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs from its timer when no frame comes (a hidden tab), and at once where there are no frames', () => {
    vi.useFakeTimers();
    stubFrames();
    const hidden = vi.fn();
    afterNextPaint(hidden);
    vi.advanceTimersByTime(999);
    expect(hidden).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hidden).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    const server = vi.fn();
    afterNextPaint(server);
    expect(server).toHaveBeenCalledOnce();
  });

  it('does not run once cancelled', () => {
    vi.useFakeTimers();
    const frames = stubFrames();
    const task = vi.fn();
    afterNextPaint(task)();
    frames.frame();
    vi.advanceTimersByTime(5000);
    expect(task).not.toHaveBeenCalled();
  });
});
