/** Why a pairing attempt ended without a session, in the widget's words. */
export type PairingFailure = 'rejected' | 'expired' | 'failed';

// WalletConnect's sdk error code for "User rejected." (getSdkError('USER_REJECTED')).
const WC_USER_REJECTED = 5000;
// EIP-1193's code for the same, which the rest of Cairn understands.
const EIP1193_USER_REJECTED = 4001;

export class PairingError extends Error {
  readonly reason: PairingFailure;
  /** 4001 for a rejection, so `isUserRejection` in @cairn/core recognises it. */
  readonly code: number | undefined;

  constructor(reason: PairingFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PairingError';
    this.reason = reason;
    this.code = reason === 'rejected' ? EIP1193_USER_REJECTED : undefined;
  }
}

/** Sorts the sign client's approval failure into rejected / expired / failed. */
export function toPairingError(error: unknown): PairingError {
  if (error instanceof PairingError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const rawMessage = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  const message = typeof rawMessage === 'string' ? rawMessage : typeof error === 'string' ? error : '';
  if (code === WC_USER_REJECTED || code === EIP1193_USER_REJECTED || /rejected/i.test(message)) {
    return new PairingError('rejected', 'The wallet declined the connection', { cause: error });
  }
  if (/expired/i.test(message)) return new PairingError('expired', 'The QR code expired', { cause: error });
  return new PairingError('failed', message || 'The connection failed', { cause: error });
}

/**
 * Requests the wallet refuses come back as `{code, message}`; WalletConnect's "user rejected"
 * (5000) becomes EIP-1193's 4001, so a declined signature reads the same from every wallet.
 */
export function toProviderError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === WC_USER_REJECTED) {
    return Object.assign(new Error(typeof message === 'string' && message ? message : 'User rejected the request'), {
      code: EIP1193_USER_REJECTED,
    });
  }
  if (error instanceof Error) return error;
  return Object.assign(new Error(typeof message === 'string' ? message : 'The wallet returned an error'), { code });
}
