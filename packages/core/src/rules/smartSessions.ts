/** The calls that ask the wallet for a smart session (ERC-7715 permissions). */
export const SMART_SESSION_METHODS: readonly string[] = ['wallet_grantPermissions'];

export const SMART_SESSIONS_OFF_TEXT = (method: string) =>
  `${method} asks for a smart session: turn on \`features.smartSessions\` in createCairn to let the permissions flow ask the wallet`;

/**
 * SPEC §9 `features.smartSessions` (default off): the permissions flow may ask the wallet for
 * smart sessions only when the site turned it on. Returns why a call is refused, if it is.
 */
export function smartSessionRefusal(method: string, smartSessions: boolean): string | undefined {
  return !smartSessions && SMART_SESSION_METHODS.includes(method) ? SMART_SESSIONS_OFF_TEXT(method) : undefined;
}
