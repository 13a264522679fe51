import type { CairnContext } from '../context.ts';
import { landingFor, type FlowOutcome } from '../rules/landing.ts';
import { closeModal, modalVisit, showModal } from './modal.ts';

/**
 * Applies the landing rule to the router and the modal: the one place a flow's outcome moves the
 * stack. Closing takes the one close path; a landing closes whatever the sign-in guard says, since
 * the outcome (a session, a disconnection) is what lifts it. `flow` is the modal visit an awaited
 * flow started in: its landing closes only that visit.
 */
export function land(ctx: CairnContext, outcome: FlowOutcome, flow?: { modalVisit: number }): void {
  const sameVisit = flow === undefined || flow.modalVisit === modalVisit(ctx);
  const landing = landingFor({ currentView: ctx.router.current().view, sameVisit }, outcome);
  if (landing.open === false) closeModal(ctx, { force: true });
  if (landing.back && !ctx.router.goBack()) ctx.router.reset(ctx.connection.get().status === 'connected' ? 'Account' : 'Connect');
  if (landing.view) {
    if (landing.push) ctx.router.push(landing.view, landing.data);
    else ctx.router.reset(landing.view, landing.data);
  }
  if (landing.open === true) showModal(ctx);
}
