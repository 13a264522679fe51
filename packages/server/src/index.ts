export { createServer } from './createServer.ts';
export { loadConfig, type ServerConfig, type ChainConfig } from './config.ts';
