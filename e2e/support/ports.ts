// The e2e stack runs on its own ports so that a running `npm start` does not get in its way.
// E2E_PORT_OFFSET moves every port (and the demo's build folder), so two runs can share a machine.
// Every port stays below 32768, where Linux's ephemeral range (32768–60999) begins: a port there may
// be any client socket's local port at the moment the stack binds it (the bundler's 34337 was, in
// session 19's first clean run: EADDRINUSE, and the shard's stack never started).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 1000) throw new Error('E2E_PORT_OFFSET must be a whole number from 0 to 1000');

export const EPHEMERAL_PORTS_FROM = 32768;

export const E2E_PORTS = {
  demo: 24173 + offset,
  server: 28787 + offset,
  /** The Next.js example's `next start` (e2e/nextjs.e2e.ts). */
  nextjs: 26173 + offset,
  /** The secure frame's own origin (another port than the demo). */
  frame: 27174 + offset,
  chains: [
    { chainId: 31337, port: 28545 + offset * 2, bundler: 14337 + offset * 2 },
    // One bundler: only the smart-account test uses one, on 31337.
    { chainId: 31338, port: 28546 + offset * 2 },
  ],
  mail: { smtp: 22525 + offset, page: 21080 + offset },
  oidc: 29400 + offset,
  /** Farcaster's name registry (packages/devnet's fnames): a range no other part's offsets reach. */
  fnames: 17450 + offset,
  /** The Solana chain's RPC; its websocket is the next port. */
  solana: 29900 + offset * 2,
  /** The Polkadot chain's RPC (chopsticks: websocket and HTTP on this one port). */
  polkadot: 12100 + offset,
  /** The Bitcoin regtest chain's Esplora API. */
  bitcoin: 25100 + offset,
};

/** Where the Next.js example is copied and built for this run (git-ignored). */
export const E2E_NEXTJS_DIR = `.scratch/nextjs-e2e-${offset}`;

/** Where the demo is built for this run, relative to apps/demo. */
export const E2E_DEMO_OUT_DIR = offset === 0 ? 'dist' : `dist-e2e-${offset}`;

/** Where the global setup builds the static pages several files serve (git-ignored). */
export const E2E_PAGES_DIR = `.scratch/e2e-pages-${offset}`;
