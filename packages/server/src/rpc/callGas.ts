import { RPC_ERRORS, type RpcCall, type RpcErrorObject } from './rpcMessages.ts';

// One eth_call of a stranger's budget can run a contract's loop up to the node's own gas cap
// (geth's RPCGasCap, Anvil's block gas limit): seconds of the node's CPU for one counted call. The
// proxy hands the node at most RPC_MAX_CALL_GAS: a call that names more gas is refused before the
// node, a call that names none is sent with the bound as its gas, so a loop ends "out of gas" there.

/** The methods whose first parameter is a transaction the node executes (at most its `gas`). */
export const CALL_GAS_METHODS: ReadonlySet<string> = new Set(['eth_call', 'eth_estimateGas', 'eth_createAccessList']);

/** The field names a node reads a call's gas from (Anvil and Nethermind take `gasLimit` too). */
const GAS_FIELDS = ['gas', 'gasLimit'] as const;
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i;

const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * The call as it is sent to the node (with `gas` set to `maxGas` when it names none, `gasLimit` or not), or its
 * refusal: gas above `maxGas`, gas that is not a hex quantity (a node may read a decimal string or a
 * number its own way), or a first parameter that is not a transaction object.
 */
export function boundCallGas(call: RpcCall, maxGas: bigint): { call: RpcCall } | { refused: RpcErrorObject } {
  const params = call.params;
  const transaction = Array.isArray(params) ? (params[0] as unknown) : undefined;
  if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction)) {
    return { refused: RPC_ERRORS.invalidParams(`${call.method} takes a transaction object as its first parameter`) };
  }
  const fields = transaction as Record<string, unknown>;
  for (const field of GAS_FIELDS) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !QUANTITY.test(value)) {
      return { refused: RPC_ERRORS.invalidParams(`${call.method}'s ${field} must be a hex quantity such as ${hex(maxGas)}`) };
    }
    if (BigInt(value) > maxGas) {
      return { refused: RPC_ERRORS.invalidParams(`${call.method} is served with at most ${maxGas} gas (RPC_MAX_CALL_GAS); this call asks for ${BigInt(value)}`) };
    }
  }
  // `gas` is what every node reads; a `gasLimit` beside it (checked above) cannot stand in for it, since a node that ignores it would use its own cap.
  if (fields.gas !== undefined && fields.gas !== null) return { call };
  return { call: { ...call, params: [{ ...fields, gas: hex(maxGas) }, ...(params as unknown[]).slice(1)] } };
}
