import { IVerify } from '@walletconnect/types';

/**
 * WalletConnect's Verify API is a cloud service: the dapp's client loads an attestation iframe
 * from verify.walletconnect.org before each proposal and request (waiting up to 5 s when it
 * cannot load), and the wallet's client fetches the attestation back. A self-hosted relay has no
 * such service, and the widget must not call hosts the site did not configure. The core accepts
 * any `IVerify` (a public extension point of @walletconnect/types), so this one attests nothing:
 * the wallet sees the request's origin as UNKNOWN, as it would with Verify off in a cloud project.
 */
export class NoAttestationVerify extends IVerify {
  readonly context = 'verify-api:none';

  register: IVerify['register'] = async () => '';

  // The sign client treats an empty answer as "not verified" (validation UNKNOWN).
  resolve: IVerify['resolve'] = async () => undefined as unknown as Awaited<ReturnType<IVerify['resolve']>>;
}
