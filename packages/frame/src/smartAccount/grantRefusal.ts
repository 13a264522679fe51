import { decodeErrorResult, type Hex } from 'viem';
import { PermissionsText } from './permissionsRequest.ts';

/** CairnAccount's grantSession reasons a site can meet through the frame, in the frame's words (its parse refuses the others first). */
const GRANT_REFUSALS: Readonly<Record<string, string>> = {
  'session: ERC-721 token': PermissionsText.erc721Token,
  'session: function no total bounds': PermissionsText.unbounded,
  'session: token call with value': PermissionsText.tokenCallWithValue,
};

/**
 * The frame's text for a grant the account refused in the bundler's estimate, before any screen
 * (the ERC-721 check reads the target's ERC-165 answer, which only the chain knows); undefined
 * when `error` carries no such reason. The bundler words the revert as Error(string)'s data.
 */
export function grantRefusal(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  for (const [data] of text.matchAll(/0x08c379a0[0-9a-fA-F]{128,1024}/g)) {
    try {
      const { args } = decodeErrorResult({ data: data.slice(0, data.length - (data.length % 2)) as Hex });
      const refusal = typeof args?.[0] === 'string' ? GRANT_REFUSALS[args[0]] : undefined;
      if (refusal) return refusal;
    } catch {
      // not an Error(string) after all
    }
  }
  return undefined;
}
