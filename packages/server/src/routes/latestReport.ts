export interface LatestReportTiming {
  /** A check answers for this long (ms): at most one check starts per period, however many ask. */
  maxAgeMs: number;
  /** How long an answer waits for a check in progress before it takes the last finished report (ms). */
  waitMs: number;
}

/**
 * The latest report of `check`, checked at most once per `maxAgeMs`. An answer waits for a check
 * in progress at most `waitMs`, then takes the last finished report: a load balancer's health
 * check must be answered within its own timeout even while the checks are slow (a database pool
 * busy with the load, a slow node), or it takes out a replica that serves (issue 25). Only the
 * very first answer, with no report yet, waits for its check whatever it takes.
 */
export function latestReport<R>(check: () => Promise<R>, timing: LatestReportTiming, now: () => number = Date.now): () => Promise<R> {
  let finished: R | undefined;
  let running: Promise<R> | undefined;
  let startedAt = Number.NEGATIVE_INFINITY;

  const start = () => {
    startedAt = now();
    const report = check().then((value) => (finished = value));
    const done = () => {
      if (running === report) running = undefined;
    };
    void report.then(done, done);
    running = report;
  };

  return async () => {
    if (running === undefined && (finished === undefined || now() - startedAt >= timing.maxAgeMs)) start();
    if (running === undefined) return finished!;
    if (finished === undefined) return running;
    const lastFinished = finished;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<R>((resolve) => {
      timer = setTimeout(() => resolve(lastFinished), timing.waitMs);
    });
    try {
      return await Promise.race([running, waited]);
    } finally {
      clearTimeout(timer);
    }
  };
}
