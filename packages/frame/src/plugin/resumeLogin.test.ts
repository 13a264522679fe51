import { afterEach, describe, expect, it } from 'vitest';
import { ErrorText } from '@cairn/core';
import type { FrameClient } from '../client/frameClient.ts';
import type { FrameHandlers } from '../host/frameHost.ts';
import { FRAME_TIMEOUTS_MS } from '../protocol/events.ts';
import { embeddedFrameClient, TEST_ADDRESS, TEST_USER } from '../testing/embeddedFrameClient.ts';
import { resumeLogin } from './resumeLogin.ts';

// Over the real client, channel and host, with the log-in requests' timeout cut to 30 ms (or `connectMs`).
let client: FrameClient | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

const clientOver = (handlers: FrameHandlers, connectMs = 30) => (client = embeddedFrameClient(handlers, { timeouts: { ...FRAME_TIMEOUTS_MS, connect: connectMs } }));

describe('a log-in step that timed out', () => {
  it('resumes where it was: the frame finished the login after the widget stopped waiting, and the user is read back', async () => {
    let loggedIn: Promise<void> | undefined;
    const frame = clientOver({
      // The server is slow: the code's answer comes after the widget's timeout.
      CONNECT_OTP: () => (loggedIn = new Promise((resolve) => setTimeout(resolve, 120))).then(() => ({})),
      GET_USER: async () => {
        await loggedIn;
        return TEST_USER;
      },
    });
    const user = await resumeLogin(frame.request('CONNECT_OTP', { otp: '123456' }).then(() => frame.request('GET_USER', {})), () => frame.request('GET_USER', {}));
    expect(user.address).toBe(TEST_ADDRESS);
  });

  it("keeps the step's failure when the frame has no login to read back, and any other failure as it is", async () => {
    const frame = clientOver({
      CONNECT_OTP: ({ otp }) => (otp === '000000' ? Promise.reject(new Error('Invalid code')) : new Promise(() => undefined)),
      GET_USER: () => Promise.reject(new Error('Log in with your e-mail or a social account first')),
      // A wrong code's refusal must come back before the timeout: over 30 ms it did not, once, in a
      // whole unit run under load (session 20's last clean run read 'Something went wrong').
    }, 1_000);
    let readBacks = 0;
    const readBack = () => (readBacks++, frame.request('GET_USER', {}));
    await expect(resumeLogin(frame.request('CONNECT_OTP', { otp: '123456' }), readBack)).rejects.toThrow(ErrorText.somethingWentWrong);
    expect(readBacks).toBe(1);
    await expect(resumeLogin(frame.request('CONNECT_OTP', { otp: '000000' }), readBack)).rejects.toThrow('Invalid code');
    expect(readBacks).toBe(1);
  });
});
