/**
 * The most stored blocks a rewind may drop, by default: deeper than any reorg a healthy chain has
 * (Ethereum finalizes in 64 blocks). A fork deeper than the window is refused (see the indexer's
 * rewind). A leaf of its own, so that the settings read it without importing the indexer.
 */
export const DEFAULT_REORG_WINDOW = 64;
