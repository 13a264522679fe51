// `@cairn/frame/server` (Node): builds the frame page and serves it with its security headers.
export { buildFramePage } from './buildFramePage.ts';
export { startFrameServer, framePageHtml, type FrameServer } from './frameServer.ts';
export { frameContentSecurityPolicy } from './contentSecurityPolicy.ts';
export { frameConfigFromEnv } from './frameEnv.ts';
export { parseFrameConfig, FrameConfigSchema, type FrameConfig } from '../page/frameConfig.ts';
