import { FrameTimeoutError } from '../client/frameChannel.ts';

/**
 * A log-in step the frame did not answer in time may still finish there (the server took the code,
 * the wallet is being made): the step resumes where it was by reading the login back from the frame
 * (`readBack`, which the frame answers once its wallet is open) instead of sending the visitor back
 * to the code. Any other failure, or a login the frame does not have, stays the step's failure.
 */
export async function resumeLogin<T>(step: Promise<T>, readBack: () => Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (!(error instanceof FrameTimeoutError)) throw error;
    return readBack().catch(() => {
      throw error;
    });
  }
}
