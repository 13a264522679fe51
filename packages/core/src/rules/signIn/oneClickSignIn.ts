/**
 * SPEC §4/§5: WalletConnect connects and signs in with one approval (`wc_sessionAuthenticate`)
 * when sign-in is on and every requested chain is eip155. A site backend that writes its own
 * message (`createMessage`) is left out: with authenticate, the wallet writes the message.
 */
export function oneClickSignIn(input: {
  signInOn: boolean;
  backendWritesMessage: boolean;
  /** The namespaces the WalletConnect proposal asks for. */
  namespaces: readonly string[];
}): boolean {
  return input.signInOn && !input.backendWritesMessage && input.namespaces.length > 0 && input.namespaces.every((namespace) => namespace === 'eip155');
}
