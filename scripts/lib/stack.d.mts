import type { ChildProcess } from 'node:child_process';

export interface StackPorts {
  demo: number;
  server: number;
  frame: number;
  /** `bundler`: the port of the chain's ERC-4337 bundler (the devnet starts one per chain). */
  chains: { chainId: number; port: number; bundler?: number }[];
  /** The local mailbox: SMTP and its page (none: e-mail login off). */
  mail?: { smtp: number; page: number };
  /** The local OpenID Connect provider standing in for Google and GitHub (none: no social login). */
  oidc?: number;
  /** RPC port of the local Solana chain (its websocket is the next port). */
  solana?: number;
  /** RPC port of the local Polkadot chain (websocket and HTTP on the one port). */
  polkadot?: number;
  /** Esplora API port of the local Bitcoin regtest chain. */
  bitcoin?: number;
  /** The local Farcaster name registry's port. */
  fnames?: number;
}
export interface RunningStack {
  demoUrl: string;
  serverUrl: string;
  mailUrl?: string;
  oidcUrl?: string;
  frameUrl: string;
  chains: { chainId: number; url: string }[];
  /** Each chain's ERC-4337 bundler URL (it also answers the paymaster's ERC-7677 calls). */
  bundlers: { chainId: number; url: string }[];
  /** Resolves with `bundlers` once every one answers (at once when the stack waited for them). */
  bundlersReady: Promise<{ chainId: number; url: string }[]>;
  /** The local Solana chain, when the ports name one. */
  solana?: { url: string };
  /** The local Polkadot chain's websocket RPC, when the ports name one. */
  polkadot?: { url: string };
  /** The local Bitcoin regtest chain's Esplora API, when the ports name one. */
  bitcoin?: { url: string };
  /** The local Farcaster name registry (fnames' API), when the ports name one. */
  fnamesUrl?: string;
  children: ChildProcess[];
  /** Each part's log file by part name, when started with `logDir`. */
  logs: Record<string, string>;
  stop(): Promise<void>;
}
export function stackPorts(): StackPorts;
/** The frame's BUNDLER_URL_<chainId>, PAYMASTER_URL_<chainId>, SMART_ACCOUNT_ENTRY_POINT and SMART_ACCOUNT_FACTORY for the chains with a bundler. */
export function frameSmartAccountEnv(ports: StackPorts): Record<string, string>;
export function takenPorts(ports: StackPorts): Promise<{ name: string; port: number; variable: string }[]>;
export function startStack(
  ports: StackPorts,
  options?: {
    demoMode?: 'dev' | 'preview';
    demoOutDir?: string;
    framePageDir?: string;
    /** FRAME_APPROVALS for the stack's frame (popup, inline or auto); the frame's default (popup) when absent. */
    frameApprovals?: 'popup' | 'inline' | 'auto';
    /** The frame page and the demo's build, still being built: the frame and the demo start once it resolves. */
    built?: Promise<unknown>;
    logDir?: string;
    progress?: (line: string) => void;
    /** false: resolve once the chains, server, frame and demo answer; `bundlersReady` says when the bundlers do. Default true. */
    waitForBundlers?: boolean;
  },
): Promise<RunningStack>;
