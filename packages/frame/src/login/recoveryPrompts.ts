import type { RecoveryFactor } from '../custody/recoveryBlob.ts';
import type { FarcasterCheck } from '@cairn/core/internal';
import type { DeviceManager } from './deviceManagement.ts';

/** What the frame asks its own user (its own UI, never the site's). */
export interface RecoveryPrompts {
  /** A new wallet: the factor that will recover it (e.g. a printed code the user has saved). */
  chooseFactor(): Promise<RecoveryFactor>;
  /**
   * The factor chosen when the wallet was made (of this kind), with why the last one did not open
   * it: to open the wallet on a new device, or to export its key.
   */
  askFactor(kind: RecoveryFactor['kind'], problem: string | undefined, purpose: 'recoverWallet' | 'exportWallet'): Promise<RecoveryFactor>;
  /** The wallet's recovery phrase, shown in the frame only, until the user says they are done. */
  showExport(mnemonic: string): Promise<void>;
  /**
   * A new device for an existing wallet: its pairing code while it waits for a device that has the
   * wallet open to approve it ('approved' when `approved` resolves), or the user's choice to use
   * the recovery factor instead ('recover').
   */
  awaitApproval(pairingCode: string, approved: Promise<void>): Promise<'approved' | 'recover'>;
  /**
   * On a device with the wallet open, when the widget asks (MANAGE_DEVICES, session 21): the
   * account's devices with Remove on the others, and a field for a new device's pairing code, typed
   * from its screen; resolves when the person closes the screen. No device request is ever pushed
   * to the person: a login holder could make any number of them.
   */
  manageDevices(manager: DeviceManager): Promise<void>;
  /**
   * A Farcaster sign-in, signed and checked (session 22): 'Log in as @name (Farcaster fid N)?', the
   * name from the name registry, never the answering app's. True for Continue, false for 'That is not me'.
   */
  confirmFarcaster(account: FarcasterCheck): Promise<boolean>;
}
