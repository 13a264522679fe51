import type { ICore } from '@walletconnect/types';
import { NoAttestationVerify } from './noAttestationVerify.ts';

/**
 * A WalletConnect core would reach WalletConnect's cloud twice on its own: the Verify API, and
 * one "INIT" usage event that WalletKit's start sends whatever `telemetryEnabled` says (2.25).
 * Both are public members of ICore; replacing them keeps a client (dapp or wallet) on the
 * self-hosted relay only.
 */
export function keepOnSelfHostedRelay(core: ICore): void {
  core.verify = new NoAttestationVerify(core, core.logger, core.storage);
  core.eventClient.init = async () => {};
}
