/** The calls that ask the wallet for a smart session (ERC-7715 permissions). */
export const SMART_SESSION_METHODS: readonly string[] = ['wallet_grantPermissions'];

/** Why the call was refused, for the site's developer (the console); the site and the visitor get SPEC §6's texts. */
export const SMART_SESSIONS_OFF_TEXT = (method: string) =>
  `${method} asks for a smart session: turn on \`features.smartSessions\` in createCairn to let the permissions flow ask the wallet`;

/**
 * SPEC §9 `features.smartSessions` (default off): the permissions flow may ask the wallet for
 * smart sessions only when the site turned it on. Returns why a call is refused, if it is.
 * Revoking stays open: it only takes a power away, one granted while the switch was on.
 */
export function smartSessionRefusal(method: string, smartSessions: boolean): string | undefined {
  return !smartSessions && SMART_SESSION_METHODS.includes(method) ? SMART_SESSIONS_OFF_TEXT(method) : undefined;
}

/**
 * EIP-5792's wallet_getCapabilities answer as the site sees it: with smart sessions off, no chain
 * advertises ERC-7715's `permissions`, since the widget would refuse the grant. Anything else the
 * wallet answers is passed as it is.
 */
export function capabilitiesForSite(answer: unknown, smartSessions: boolean): unknown {
  if (smartSessions || typeof answer !== 'object' || answer === null || Array.isArray(answer)) return answer;
  return Object.fromEntries(
    Object.entries(answer).map(([chainId, capabilities]) => {
      if (typeof capabilities !== 'object' || capabilities === null || !('permissions' in capabilities)) return [chainId, capabilities];
      const { permissions: _hidden, ...rest } = capabilities as Record<string, unknown>;
      return [chainId, rest];
    }),
  );
}
