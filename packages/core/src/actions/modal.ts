import type { CairnContext } from '../context.ts';
import type { RouteData, ViewName } from '../router.ts';

export interface OpenOptions {
  view?: ViewName;
  data?: RouteData;
}

/** Opens on the given view, else Account when connected and Connect when not. */
export function openModal(ctx: CairnContext, options: OpenOptions = {}): void {
  const connected = ctx.connection.get().status === 'connected';
  const view = options.view ?? (connected ? 'Account' : 'Connect');
  ctx.router.reset(view, options.data);
  if (!ctx.modal.get().open) ctx.events.emit('MODAL_OPEN', { connected });
  ctx.modal.set({ open: true });
}

export function closeModal(ctx: CairnContext): void {
  if (!ctx.modal.get().open) return;
  ctx.modal.set({ open: false });
  ctx.connection.set({ connecting: undefined });
  ctx.events.emit('MODAL_CLOSE', { connected: ctx.connection.get().status === 'connected' });
}
