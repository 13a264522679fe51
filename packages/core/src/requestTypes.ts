/**
 * The wallet calls `cairn.request` knows, one request function type per chain namespace. The core
 * knows no chain, so it is empty here; each adapter package adds its namespace by declaration
 * merging (`@cairn/evm` adds eip155 with viem's EIP-1193 types). With none, any method is allowed
 * and the answer is `unknown`.
 */
export interface CairnRequestSchemas {}

/** A request the core forwards without knowing its method: EIP-1193's `{ method, params }`. */
export interface UntypedRequestArguments {
  method: string;
  params?: unknown;
}

export type UntypedRequestFn = (args: UntypedRequestArguments) => Promise<unknown>;

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/** `cairn.request`'s type: the known namespaces' request functions as overloads, else untyped. */
export type CairnRequestFn = [keyof CairnRequestSchemas] extends [never]
  ? UntypedRequestFn
  : UnionToIntersection<CairnRequestSchemas[keyof CairnRequestSchemas]>;
