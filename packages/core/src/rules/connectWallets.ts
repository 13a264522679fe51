/** How Connect shows its wallet rows, from the site's switches and what the visitor did. */
export interface ConnectWalletsLayout {
  /** The legal checkbox is shown (SPEC §9 `legalCheckbox`). */
  legalCheckbox: boolean;
  /** The wallet rows are shown but cannot be picked: the checkbox is not ticked yet. */
  walletsDisabled: boolean;
  /** One "Continue with a wallet" row stands in for the wallet rows (SPEC §9 `collapseWallets`). */
  walletsCollapsed: boolean;
}

/**
 * SPEC §9's Connect switches. `legalCheckbox`: the wallet rows stay disabled until the visitor
 * ticks the box. `collapseWallets`: where Connect also offers the e-mail or social login, the
 * wallets wait behind one row until the visitor asks for them; with no login there is nothing
 * to collapse them for.
 */
export function connectWalletsLayout(params: {
  legalCheckbox: boolean;
  legalAccepted: boolean;
  collapseWallets: boolean;
  /** Connect offers the e-mail field or a social button. */
  offersLogin: boolean;
  /** The visitor asked for the wallets. */
  walletsExpanded: boolean;
}): ConnectWalletsLayout {
  return {
    legalCheckbox: params.legalCheckbox,
    walletsDisabled: params.legalCheckbox && !params.legalAccepted,
    walletsCollapsed: params.collapseWallets && params.offersLogin && !params.walletsExpanded,
  };
}
