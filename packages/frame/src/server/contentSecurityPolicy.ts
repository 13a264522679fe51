import type { FrameConfig } from '../page/frameConfig.ts';

/**
 * The frame page's CSP: only the project's allowed origins may embed it, only its own scripts run,
 * it connects only to the Cairn server and the configured RPC (EVM and Solana), bundler and paymaster URLs (never a URL a site passes), and
 * Trusted Types are enforced with no policy at all.
 */
export function frameContentSecurityPolicy(config: FrameConfig): string {
  // A network's smart account also talks to its bundler and paymaster.
  const networkUrls = config.networks.flatMap((network) => [network.rpcUrl, ...(network.smartAccount ? [network.smartAccount.bundlerUrl, network.smartAccount.paymasterUrl ?? network.smartAccount.bundlerUrl] : [])]);
  const rpcUrls = [...networkUrls, ...(config.solana ? [config.solana.rpcUrl] : [])];
  const connect = [...new Set([config.serverUrl, ...rpcUrls].map((url) => new URL(url).origin))];
  return pagePolicy(`connect-src ${connect.join(' ')}`, `frame-ancestors ${config.allowedOrigins.join(' ')}`);
}

/**
 * The approval window's CSP (session 23): a top-level page of the frame's origin that shows a
 * request its opener (the frame) posts to it. It runs only its own scripts under Trusted Types as
 * the frame does, connects nowhere, and no page may frame it (it is safe from overlays because it
 * is a window of its own).
 */
export function approvalWindowContentSecurityPolicy(): string {
  return pagePolicy("connect-src 'none'", "frame-ancestors 'none'");
}

/** Both pages' policy around where each connects and who may frame it: only their own scripts, styles and images, nothing else loaded. */
function pagePolicy(connect: string, frameAncestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    connect,
    frameAncestors,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    // DOM XSS sinks (innerHTML, script URLs, eval-like strings) refuse plain strings, and no policy
    // may be made to turn one into a trusted value: the pages build their DOM from nodes and text only.
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ');
}
