import type { FastifyInstance } from 'fastify';
import { hexToBigInt, type Hex } from 'viem';
import { ERROR_TEXTS } from '../http/errors.ts';
import { caip2ChainIdSchema } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';
import { configuredChain } from './chainParam.ts';

type FeeHistory = { baseFeePerGas: Hex[]; reward?: Hex[][] };

/**
 * GET /v1/convert/gas-price: gas prices in wei (decimal strings) for three speeds: the next block's
 * base fee plus the 25th, 50th and 90th percentile tips of the last 10 blocks (each at least the
 * node's suggested tip). Without fee history (pre-London chains): eth_gasPrice for all three.
 */
export function registerGasPrice(app: FastifyInstance, services: ServerServices): void {
  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/gas-price',
    { schema: { querystring: { type: 'object', required: ['chainId'], properties: { chainId: caip2ChainIdSchema } } } },
    async (request) => {
      const chain = configuredChain(services, request.query.chainId, 'chainId', ERROR_TEXTS.gasPriceNetworkNotSupported);
      const [gasPrice, history, suggestedTip] = await chain.rpc.batchSettled([
        { method: 'eth_gasPrice' },
        { method: 'eth_feeHistory', params: ['0xa', 'latest', [25, 50, 90]] },
        { method: 'eth_maxPriorityFeePerGas' },
      ]);
      if (typeof gasPrice !== 'string') throw gasPrice;
      const fees = history as FeeHistory | Error;
      const nextBaseFee = !(fees instanceof Error) ? fees.baseFeePerGas?.at(-1) : undefined;
      if (!nextBaseFee) {
        const price = hexToBigInt(gasPrice as Hex).toString();
        return { standard: price, fast: price, instant: price };
      }
      const floor = typeof suggestedTip === 'string' ? hexToBigInt(suggestedTip as Hex) : 0n;
      const rewards = (fees as FeeHistory).reward ?? [];
      const tip = (percentile: number) => {
        const values = rewards.map((row) => hexToBigInt(row[percentile] ?? '0x0'));
        const average = values.length === 0 ? 0n : values.reduce((sum, value) => sum + value, 0n) / BigInt(values.length);
        return average > floor ? average : floor;
      };
      const base = hexToBigInt(nextBaseFee);
      const standard = base + tip(0);
      const fast = base + tip(1);
      const instant = base + tip(2);
      return {
        standard: standard.toString(),
        fast: (fast > standard ? fast : standard).toString(),
        instant: (instant > fast ? instant : fast > standard ? fast : standard).toString(),
      };
    },
  );
}
