import * as v from 'valibot';
import { isTupleOrigin } from '../protocol/messaging.ts';
import { APPROVAL_WINDOW_SETTINGS } from '../signing/approvalWindowMode.ts';

const Origin = v.pipe(v.string(), v.maxLength(256), v.check(isTupleOrigin, 'An allowed origin is scheme://host[:port]'));
const HttpUrl = v.pipe(v.string(), v.maxLength(2048), v.url(), v.regex(/^https?:\/\//, 'An http(s) URL'));
const ContractAddress = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'A contract address is 0x and 40 hex digits'));
/** Where the network enables the key's smart account (ERC-4337 v0.7): its bundler, EntryPoint and SimpleAccount factory, and a paymaster (ERC-7677) that sponsors its gas. */
const SmartAccountSchema = v.strictObject({ bundlerUrl: HttpUrl, entryPoint: ContractAddress, factory: ContractAddress, paymasterUrl: v.optional(HttpUrl) });

/** What the frame's server hands the page (a meta tag in its HTML): who may embed it, and where it may connect. */
export const FrameConfigSchema = v.strictObject({
  allowedOrigins: v.pipe(v.array(Origin), v.minLength(1), v.maxLength(64)),
  serverUrl: HttpUrl,
  networks: v.pipe(
    v.array(
      v.strictObject({
        chainId: v.pipe(v.number(), v.integer(), v.minValue(1)),
        rpcUrl: HttpUrl,
        // What the approval screen calls the network and its coin; 'Chain {id}' and ETH (18) when absent.
        name: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
        nativeCurrency: v.optional(v.strictObject({ symbol: v.pipe(v.string(), v.minLength(1), v.maxLength(16)), decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)) })),
        smartAccount: v.optional(SmartAccountSchema),
      }),
    ),
    v.minLength(1),
    v.maxLength(64),
  ),
  // The Solana cluster the frame's Solana account signs for (issue 27): `solana:<reference>`, its RPC, its name on the approval screen.
  solana: v.optional(v.strictObject({ reference: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), rpcUrl: HttpUrl, name: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))) })),
  // Where approvals show (session 23, FRAME_APPROVALS): the approval window when absent.
  approvals: v.optional(v.picklist(APPROVAL_WINDOW_SETTINGS, 'FRAME_APPROVALS is popup, inline or auto')),
});
export type FrameConfig = v.InferOutput<typeof FrameConfigSchema>;
export type SmartAccountNetworkConfig = v.InferOutput<typeof SmartAccountSchema>;

export const FRAME_CONFIG_META = 'cairn-frame-config';

export function parseFrameConfig(value: unknown): FrameConfig {
  const parsed = v.safeParse(FrameConfigSchema, value);
  if (!parsed.success) throw new Error(`Frame configuration: ${parsed.issues[0]?.message ?? 'invalid'}`);
  return parsed.output;
}
