import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currencyImageSvg } from '../catalogue/currencyImage.ts';
import { loadImageFile, sendImage, svgImage } from '../catalogue/imageResponse.ts';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import { imageIdSchema } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';

const schema = { params: { type: 'object', required: ['id'], properties: { id: imageIdSchema } } };
type Params = { Params: { id: string } };

async function sendFile(request: FastifyRequest, reply: FastifyReply, path: string | undefined, what: string) {
  if (!path) throw new ApiError(404, ERROR_TEXTS.notFound(what), 'id');
  return sendImage(request, reply, await loadImageFile(path));
}

/**
 * Image routes (SPEC §7): wallet logos by image_id; network icons by CAIP-2 id (eip155:1 or
 * eip155-1); token logos by `<chainId>-<address>` or symbol; fiat currency icons by ISO code.
 */
export function registerImages(app: FastifyInstance, services: ServerServices): void {
  const { imagesPerIp } = services.config.rateLimit;
  // Their own per-IP budget (a store of their own), not the one the catalogue's pages share.
  const options = { schema, config: { rateLimit: imagesPerIp > 0 ? { max: imagesPerIp, timeWindow: 60_000 } : (false as const) } };
  app.get<Params>('/getWalletImage/:id', options, (request, reply) =>
    sendFile(request, reply, services.wallets.imagePath(request.params.id), `Wallet image ${request.params.id}`),
  );
  app.get<Params>('/public/getAssetImage/:id', options, (request, reply) => {
    const { id } = request.params;
    const network = services.networks.get(id) ?? services.networks.get(id.replace('-', ':'));
    return sendFile(request, reply, network?.iconPath, `Network image ${id}`);
  });
  app.get<Params>('/public/getTokenImage/:id', options, (request, reply) =>
    sendFile(request, reply, services.tokenList.logo(request.params.id), `Token image ${request.params.id}`),
  );
  app.get<Params>('/public/getCurrencyImage/:id', options, async (request, reply) => {
    const svg = currencyImageSvg(request.params.id);
    if (!svg) throw new ApiError(404, ERROR_TEXTS.notFound(`Currency image ${request.params.id}`), 'id');
    return sendImage(request, reply, svgImage(svg));
  });
}
