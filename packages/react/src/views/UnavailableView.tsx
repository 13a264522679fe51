/** Views the router knows but this version does not draw yet (AllWallets, WalletConnect, SIWE). */
export function UnavailableView() {
  return <p className="lead">This option is not available yet.</p>;
}
