import { MODAL_SHAKE_MS } from '../constants.ts';
import type { CairnContext } from '../context.ts';
import type { RouteData, ViewName } from '../router.ts';

export interface OpenOptions {
  view?: ViewName;
  data?: RouteData;
}

export type OpenModalParameters = OpenOptions;
export type OpenModalReturnType = void;

/** Opens on the given view, else Account when connected and Connect when not. */
export function openModal(ctx: CairnContext, options: OpenModalParameters = {}): OpenModalReturnType {
  const connected = ctx.connection.get().status === 'connected';
  // SPEC §2 basic mode: a site with only WalletConnect opens straight on its QR code.
  const view = options.view ?? (connected ? 'Account' : ctx.options.walletConnect?.basic ? 'ConnectingWalletConnectBasic' : 'Connect');
  ctx.router.reset(view, options.data);
  showModal(ctx);
}

const visits = new WeakMap<CairnContext, number>();

/**
 * Counts the times the modal opened: a flow notes the visit it started in, and only a landing of
 * that visit may close the modal (a visitor who closed it and opened it again is doing something else).
 */
export const modalVisit = (ctx: CairnContext): number => visits.get(ctx) ?? 0;

/** Opens the modal on whatever view the router shows. */
export function showModal(ctx: CairnContext): void {
  if (ctx.modal.get().open) return;
  visits.set(ctx, modalVisit(ctx) + 1);
  ctx.events.emit('MODAL_OPEN', { connected: ctx.connection.get().status === 'connected' });
  ctx.modal.set({ open: true });
}

/**
 * SPEC §2: the close control is disabled on the sign or approve view while sign-in is required and no
 * session exists; Escape and the backdrop obey the same rule.
 */
export function isCloseBlocked(ctx: CairnContext): boolean {
  return (
    ctx.options.siwx?.required === true &&
    (ctx.router.current().view === 'ConnectingSiwe' || ctx.router.current().view === 'ApproveTransaction') &&
    ctx.siwx.get().session === undefined &&
    ctx.connection.get().status === 'connected'
  );
}

/** `force`: close even while a step asks to stay open. */
export type CloseModalParameters = { force?: boolean };
export type CloseModalReturnType = void;

export function closeModal(ctx: CairnContext, options: CloseModalParameters = {}): CloseModalReturnType {
  if (!ctx.modal.get().open) return;
  if (!options.force && isCloseBlocked(ctx)) return;
  ctx.modal.set({ open: false, shaking: false });
  ctx.connection.set({ connecting: undefined });
  ctx.events.emit('MODAL_CLOSE', { connected: ctx.connection.get().status === 'connected' });
}

const shakeEnds = new WeakMap<object, ReturnType<typeof setTimeout>>();

/**
 * SPEC §9 "modal shake 500 ms": the open modal shakes when the visitor's action was refused (a
 * wrong code, a declined signature or connection); a second refusal restarts it.
 */
export function shakeModal(ctx: Pick<CairnContext, 'modal'>): void {
  if (!ctx.modal.get().open) return;
  clearTimeout(shakeEnds.get(ctx.modal));
  ctx.modal.set({ shaking: true });
  shakeEnds.set(
    ctx.modal,
    setTimeout(() => ctx.modal.set({ shaking: false }), MODAL_SHAKE_MS),
  );
}
