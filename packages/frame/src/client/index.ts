// `@cairn/frame/client`: what the widget loads (lazily) to talk to the frame. No key custody in here.
export { FrameClient, getFrameClient, frameOriginOf, type FrameClientOptions, type MountedFrame } from './frameClient.ts';
export { connectToFrame, FRAME_LOAD_TIMEOUT_MS, FrameTimeoutError, type FrameChannel, type RequestOptions, type ConnectOptions } from './frameChannel.ts';
export * from '../protocol/events.ts';
export { isBoundedJson } from '../protocol/jsonValue.ts';
export type { MessageTarget, MessageListenerTarget } from '../protocol/messaging.ts';
