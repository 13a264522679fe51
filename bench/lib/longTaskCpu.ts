/** A trace event as Chromium's tracing writes it (the fields read here). */
export interface TaskTraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** A main-thread task over the long-task threshold: its wall time and the CPU time its thread spent in it. */
export interface LongTaskCpu {
  wallMs: number;
  cpuMs: number;
}

/** The long-task threshold of the Long Tasks API. */
export const LONG_TASK_MS = 50;

/** A main-thread task: `RunTask` in devtools.timeline, `ThreadControllerImpl::RunTask` in toplevel. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The renderers' main-thread tasks longer than 50 ms in a trace (category `toplevel`), each with
 * its thread time; null when the trace holds no main-thread task at all (not recorded). On a
 * shared machine a task's wall time also counts the time the thread waited for a core: its CPU
 * time is what the page itself did in it.
 */
export function longTasksWithCpu(events: readonly TaskTraceEvent[]): LongTaskCpu[] | null {
  const mainThreads = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = events.filter((event) => event.ph === 'X' && TASK_NAMES.has(event.name) && mainThreads.has(`${event.pid}:${event.tid}`) && event.dur !== undefined);
  if (tasks.length === 0) return null;
  return tasks
    .filter((event) => event.dur! > LONG_TASK_MS * 1000)
    .map((event) => ({ wallMs: event.dur! / 1000, cpuMs: (event.tdur ?? event.dur!) / 1000 }));
}
