import type { ChainContext } from '../chain/chainContext.ts';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import { chainIdFromCaip2 } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';

/** The configured chain a (schema-checked) CAIP-2 parameter names, or a 400 naming the field. */
export function configuredChain(services: ServerServices, caip2: string, field: string, message?: string): ChainContext {
  const chain = services.chains.get(chainIdFromCaip2(caip2));
  if (!chain) throw new ApiError(400, message ?? ERROR_TEXTS.chainNotConfigured(field, caip2), field);
  return chain;
}

/** The chains a request is about: the one named, or every configured chain when none is. */
export function requestedChains(services: ServerServices, caip2: string | undefined): ChainContext[] {
  return caip2 === undefined ? [...services.chains.values()] : [configuredChain(services, caip2, 'chainId')];
}
