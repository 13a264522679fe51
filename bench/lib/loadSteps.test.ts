import { describe, expect, it } from 'vitest';
import type { TraceEvent } from './loadProfile.ts';
import { stepsOfTrace } from './loadSteps.ts';

const MAIN = { pid: 1, tid: 1 };
const ms = (value: number) => 1_000_000 + value * 1000; // trace timestamps are µs
const mark = (name: string, at: number): TraceEvent => ({ name, cat: 'blink.user_timing', ph: 'R', ts: ms(at), ...MAIN });
const complete = (name: string, at: number, dur: number, cpu = dur): TraceEvent => ({ name, cat: 'devtools.timeline', ph: 'X', ts: ms(at), dur: dur * 1000, tdur: cpu * 1000, ...MAIN });
const request = (id: string, url: string, sent: number, finished: number): TraceEvent[] => [
  { name: 'ResourceSendRequest', cat: 'devtools.timeline', ph: 'I', ts: ms(sent), pid: 1, tid: 1, args: { data: { requestId: id, url } } },
  { name: 'ResourceFinish', cat: 'devtools.timeline', ph: 'I', ts: ms(finished), pid: 1, tid: 1, args: { data: { requestId: id } } },
];

/** A load: the wallet's start-up ends at 0, the entry and one preloaded chunk, two module-graph tasks, the evaluation, the render. */
const trace: TraceEvent[] = [
  complete('RunTask', -50, 55, 40), // the navigation's commit, with the init scripts in it
  mark('bench:after-wallet', 0),
  ...request('d', 'http://127.0.0.1:1/', -60, 8),
  ...request('e', 'http://127.0.0.1:1/assets/index-abc.js', -40, 12),
  ...request('c', 'http://127.0.0.1:1/assets/constants-xyz.js', -39, 20),
  ...request('w', 'chrome://omnibox-popup.top-chrome/app.js', -30, 40), // another renderer's: left out
  complete('RunTask', 10, 10, 6),
  complete('ParseHTML', 10, 9),
  complete('RunTask', 25, 3, 2), // the module graph's steps
  complete('RunTask', 30, 4, 1),
  complete('RunTask', 40, 100, 80),
  complete('v8.evaluateModule', 41, 98),
  complete('RunTask', 150, 60, 50),
  mark('bench:button', 200),
  { name: 'RunTask', cat: 'devtools.timeline', ph: 'X', ts: ms(190), dur: 5000, pid: 2, tid: 9 }, // another thread: not counted
];

describe('stepsOfTrace', () => {
  const steps = stepsOfTrace(trace);

  it('times each step from the end of the init scripts', () => {
    expect(steps).toMatchObject({
      documentLoaded: 8,
      entryLoaded: 12,
      scriptsLoaded: 20,
      htmlParsed: 19,
      evaluateStart: 41,
      evaluateEnd: 139,
      buttonTaskStart: 150,
      button: 200,
    });
  });

  it('counts the main-thread tasks between the HTML parsed and the evaluation, and their CPU', () => {
    expect(steps.tasksBeforeEvaluate).toBe(2);
    expect(steps.cpuBeforeEvaluate).toBe(3);
  });

  it('sums the main thread in the window only: the part of a task before the start is left out, pro rata for CPU', () => {
    // The commit task: 5 of its 55 ms fall in the window, so 5/55 of its 40 ms of CPU.
    expect(steps.busy).toBeCloseTo(5 + 10 + 3 + 4 + 100 + 50, 5);
    expect(steps.cpu).toBeCloseTo((40 * 5) / 55 + 6 + 2 + 1 + 80 + 50 * (50 / 60), 5);
  });

  it('lists the JS files with when each was requested and finished', () => {
    expect(steps.scripts).toEqual([
      ['assets/index-abc.js', -40, 12],
      ['assets/constants-xyz.js', -39, 20],
    ]);
  });

  it('refuses a trace without the marks', () => {
    expect(() => stepsOfTrace(trace.filter((event) => event.name !== 'bench:button'))).toThrow('bench:button');
  });
});
