export { createServer, type CreateServerOptions } from './createServer.ts';
export { loadConfig, ConfigError, type ServerConfig, type ChainConfig, type DatabaseConfig } from './config.ts';
export { openDatabase, type Db } from './db/database.ts';
export type { Balance } from './account/getBalances.ts';
export type { HistoryTransaction, HistoryTransfer, HistoryPage } from './account/getHistory.ts';
export type { WalletListItem } from './catalogue/walletCatalogue.ts';
export { ERROR_TEXTS } from './http/errors.ts';
export { DEVNET_FARCASTER_RELAY_KEY } from './config/farcaster.ts';
