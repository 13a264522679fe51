import type { FastifySchemaValidationError } from 'fastify';

const LOCATION: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

/** The field an ajv error is about, as a client would write it: `chainId`, `addresses[0]`. */
function fieldOf(error: FastifySchemaValidationError): string {
  const path = error.instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const child = params.missingProperty ?? params.additionalProperty;
  if (child !== undefined) return path === '' ? child : `${path}.${child}`;
  return path;
}

/**
 * Turns the first schema violation into one sentence that names the field, e.g.
 * `Invalid query parameter "chainId": must be a CAIP-2 chain id such as eip155:31337`.
 * A schema's `description` says what a valid value looks like; ajv's own text is the fallback.
 */
export function formatValidationError(errors: FastifySchemaValidationError[], dataVar: string): { message: string; field: string } {
  const error = errors[0]!;
  const field = fieldOf(error);
  const where = LOCATION[dataVar] ?? dataVar;
  if (error.keyword === 'required') return { field, message: `Missing ${where} "${field}"` };
  if (error.keyword === 'additionalProperties') return { field, message: `Unknown ${where} "${field}"` };
  if (field === '') return { field: dataVar, message: `Invalid ${dataVar === 'body' ? 'body' : where}: ${error.message ?? 'malformed'}` };
  const description = (error as { parentSchema?: { description?: string } }).parentSchema?.description;
  return { field, message: `Invalid ${where} "${field}": ${description ? `must be ${description}` : (error.message ?? 'malformed')}` };
}
