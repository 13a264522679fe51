import { parseFrameConfig, type FrameConfig } from '../page/frameConfig.ts';

/**
 * The frame's configuration from the environment, named as the server's (.env.example):
 * FRAME_ALLOWED_ORIGINS (comma-separated origins that may embed the frame), CAIRN_SERVER_URL, and
 * RPC_URL_<chainId> for each network the frame signs and reads on, RPC_URL_SOLANA_<reference> for its
 * Solana cluster; FRAME_PORT for its port; FRAME_APPROVALS, where approvals show (popup, the default;
 * inline; auto: see approvalWindowMode.ts).
 * Smart accounts (ERC-4337 v0.7) on a network with BUNDLER_URL_<chainId> (and PAYMASTER_URL_<chainId>
 * where a paymaster sponsors gas), with SMART_ACCOUNT_ENTRY_POINT and SMART_ACCOUNT_FACTORY.
 */
export function frameConfigFromEnv(env: Record<string, string | undefined>): { config: FrameConfig; port: number } {
  const networks = Object.entries(env)
    .map(([key, value]) => ({ match: /^RPC_URL_(\d+)$/.exec(key), value }))
    .filter((entry) => entry.match && entry.value)
    .map(({ match, value }) => ({ chainId: Number(match![1]), rpcUrl: value!, ...smartAccountFromEnv(env, match![1]!) }))
    .sort((a, b) => a.chainId - b.chainId);
  // The first RPC_URL_SOLANA_<reference> (the server's name for a Solana cluster's RPC) is the frame's Solana cluster.
  const solana = Object.entries(env)
    .map(([key, value]) => ({ match: /^RPC_URL_SOLANA_(.+)$/.exec(key), value: value?.split(',')[0]?.trim() }))
    .find((entry) => entry.match && entry.value);
  const config = parseFrameConfig({
    allowedOrigins: (env.FRAME_ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    serverUrl: env.CAIRN_SERVER_URL ?? '',
    networks,
    ...(solana ? { solana: { reference: solana.match![1]!, rpcUrl: solana.value! } } : {}),
    ...(env.FRAME_APPROVALS ? { approvals: env.FRAME_APPROVALS.trim() } : {}),
  });
  const port = Number(env.FRAME_PORT ?? 5174);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('Frame configuration: FRAME_PORT is a port number');
  return { config, port };
}

function smartAccountFromEnv(env: Record<string, string | undefined>, chainId: string) {
  const bundlerUrl = env[`BUNDLER_URL_${chainId}`];
  if (!bundlerUrl) return {};
  const paymasterUrl = env[`PAYMASTER_URL_${chainId}`];
  return {
    smartAccount: {
      bundlerUrl,
      entryPoint: env.SMART_ACCOUNT_ENTRY_POINT ?? '',
      factory: env.SMART_ACCOUNT_FACTORY ?? '',
      ...(paymasterUrl ? { paymasterUrl } : {}),
    },
  };
}
