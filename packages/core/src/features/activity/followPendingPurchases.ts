import type { CairnContext } from '../../context.ts';
import { queryRetryDelay } from '../../cache/queryCache.ts';
import { followsPendingPurchases, pendingPurchaseHashes } from '../../rules/pendingPurchases.ts';

const following = new WeakSet<CairnContext>();

/**
 * Issue 28: while Activity shows an onramp purchase that is pending, its status is read again,
 * with SPEC §9's query backoff (1 s, doubling to at most 30 s; a change in what is pending starts
 * it over), until it settles: the list then shows it completed or failed, without a reload. Closing
 * the modal, leaving Activity, or the last pending purchase settling stops it; Activity's next
 * fetch starts it again. One follower per instance.
 */
export function followPendingPurchases(ctx: CairnContext, refreshPurchases: (ctx: CairnContext) => Promise<void>): void {
  if (following.has(ctx)) return;
  following.add(ctx);
  let poll = 0;
  let watched = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  const stops = [ctx.transactions.subscribe(() => check()), ctx.modal.subscribe(() => check()), ctx.router.subscribe(() => check())];
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    stops.forEach((unsubscribe) => unsubscribe());
    following.delete(ctx);
  };
  const read = async () => {
    timer = undefined;
    reading = true;
    poll += 1;
    await refreshPurchases(ctx).catch((error: unknown) => console.warn('[cairn] could not read the onramp purchases again', error));
    reading = false;
    check();
  };
  function check() {
    const pending = pendingPurchaseHashes(ctx.transactions.get().onrampPurchases);
    if (!followsPendingPurchases({ modalOpen: ctx.modal.get().open, view: ctx.router.current().view, pending })) {
      if (!reading) stop();
      return;
    }
    const key = pending.join();
    if (key !== watched) {
      watched = key;
      poll = 0;
      clearTimeout(timer);
      timer = undefined;
    }
    if (timer === undefined && !reading) timer = setTimeout(() => void read(), queryRetryDelay(poll));
  }
  check();
}
