import { describe, expect, it } from 'vitest';
import { longTasksWithCpu, type TaskTraceEvent } from './longTaskCpu.ts';

const main = (pid: number, tid: number): TaskTraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name: 'CrRendererMain' } });
const task = (pid: number, tid: number, durMs: number, tdurMs: number, name = 'ThreadControllerImpl::RunTask'): TaskTraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid,
  dur: durMs * 1000,
  tdur: tdurMs * 1000,
});

describe('longTasksWithCpu', () => {
  it("keeps the renderer main thread's tasks over 50 ms, each with its thread time", () => {
    const events = [main(1, 10), task(1, 10, 95, 12), task(1, 10, 40, 40), task(1, 10, 70, 66, 'RunTask')];
    expect(longTasksWithCpu(events)).toEqual([
      { wallMs: 95, cpuMs: 12 },
      { wallMs: 70, cpuMs: 66 },
    ]);
  });

  it("leaves out other threads' tasks (the browser process, the compositor)", () => {
    const events = [main(1, 10), task(1, 10, 20, 20), task(1, 11, 300, 300), task(2, 10, 300, 300)];
    expect(longTasksWithCpu(events)).toEqual([]);
  });

  it('says the trace recorded no task rather than that there was no long task', () => {
    expect(longTasksWithCpu([main(1, 10), task(1, 11, 300, 300)])).toBeNull();
  });
});
