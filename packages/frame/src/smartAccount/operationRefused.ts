/** The bundler refused a user operation (eth_sendUserOperation failed): nothing was sent, so a fresh estimate may be tried. */
export class OperationRefusedError extends Error {
  constructor(readonly reason: unknown) {
    const short = (reason as { shortMessage?: unknown } | null)?.shortMessage;
    super(typeof short === 'string' && short !== '' ? short : reason instanceof Error ? reason.message : String(reason));
    this.name = 'OperationRefusedError';
  }
}
