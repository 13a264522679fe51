import type { CairnContext } from './context.ts';
import { ErrorText } from './errors.ts';

export type AlertName = 'networkNotFound' | 'invalidAppConfiguration' | 'sessionExpired' | 'projectIdNotConfigured';

/** SPEC §8's wallet-kit alerts: the visitor's short text (the modal's toast), and the site developer's. */
export const ALERTS: Readonly<Record<AlertName, { text: string; developerText: string }>> = {
  networkNotFound: { text: ErrorText.networkNotFoundAlert, developerText: 'the network is not among the `networks` given to createCairn' },
  invalidAppConfiguration: {
    text: ErrorText.invalidAppConfiguration,
    developerText: "this page's origin may not read the answers of the site's Cairn server: add it to the server's CORS_ORIGINS",
  },
  sessionExpired: { text: ErrorText.sessionExpired, developerText: 'the sign-in session has ended; the visitor is asked to sign in again' },
  projectIdNotConfigured: {
    text: ErrorText.projectIdNotConfigured,
    developerText: "the site's Cairn server does not accept `api.projectId`: add it to the server's PROJECT_IDS",
  },
};

/** Shows an alert as the modal's toast and tells the site's developer, in the console, what to change. */
export function showAlert(ctx: Pick<CairnContext, 'toast'>, name: AlertName, detail?: string): void {
  const alert = ALERTS[name];
  console.error(`[cairn] ${alert.text}: ${alert.developerText}${detail ? ` (${detail})` : ''}`);
  ctx.toast.show(alert.text, 'error');
}
