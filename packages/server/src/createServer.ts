import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { registerAuth } from './auth/authRoutes.ts';
import { registerSessions } from './auth/sessionsRoutes.ts';
import { createChainContexts } from './chain/chainContext.ts';
import { ChainUnavailableError } from './chain/chainUnavailableError.ts';
import { loadNetworks } from './catalogue/networks.ts';
import { loadTokenList } from './catalogue/tokenList.ts';
import { loadWalletCatalogue } from './catalogue/walletCatalogue.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { DATABASE_RETRY_SECONDS, isDatabaseUnavailable } from './db/databaseUnavailable.ts';
import { refuseNonJsonBodies } from './http/bodyTypes.ts';
import { addArrivalChecks } from './http/arrivalChecks.ts';
import { clientAddress, trustedProxy } from './http/clientAddress.ts';
import { corsCheck, corsHeaders } from './http/cors.ts';
import { FastLane, serverWithFastLane } from './http/fastLane.ts';
import { ApiError, ERROR_TEXTS, errorBody } from './http/errors.ts';
import { requireProjectAccess } from './http/projectAccess.ts';
import { countedSharedRateLimit, registerRateLimits, requestProjectId } from './http/rateLimits.ts';
import { closeAnsweredUpgrades } from './http/answeredUpgrades.ts';
import { bufferedStdout } from './http/bufferedLog.ts';
import { drainRefusedBodies } from './http/refusedBodies.ts';
import { requestIds } from './http/requestIds.ts';
import { lazyRequestLogger, registerRequestLog, requestLogLines } from './http/requestLog.ts';
import { formatValidationError } from './http/validationErrors.ts';
import { Indexer } from './indexer/indexer.ts';
import { PoolPrices } from './prices/poolPrices.ts';
import { redisCacheBus } from './redis/redisCacheBus.ts';
import { redisRelayBus } from './redis/redisRelayBus.ts';
import { SHARED_STATE_RETRY_SECONDS, SharedState, SharedStateUnavailable } from './redis/sharedState.ts';
import { logSafeUrl } from './relay/logSafeUrl.ts';
import type { Relay } from './relay/relay.ts';
import { DEFAULT_RELAY_LIMITS } from './relay/relayLimits.ts';
import { registerRelay, type RelayRouteOptions } from './relay/relayRoute.ts';
import { registerAnalyticsConfig } from './routes/analyticsConfig.ts';
import { registerOriginCheck } from './routes/originCheck.ts';
import { registerBalance } from './routes/balance.ts';
import { createSolanaChainContexts } from './solana/solanaChains.ts';
import { registerConvert } from './routes/convert.ts';
import { registerOnramp } from './routes/onramp.ts';
import { registerFungiblePrice } from './routes/fungiblePrice.ts';
import { registerGasPrice } from './routes/gasPrice.ts';
import { registerHealth } from './routes/health.ts';
import { registerHistory } from './routes/history.ts';
import { registerIdentity } from './routes/identity.ts';
import { registerProfile } from './routes/profile.ts';
import { registerImages } from './routes/images.ts';
import { registerLogin } from './login/loginRoutes.ts';
import { registerWallet } from './login/walletRoutes.ts';
import { registerSocial, registerSocialCallback } from './login/socialRoutes.ts';
import { registerFarcasterLogin, registerFarcasterRelay } from './login/farcaster/farcasterRoutes.ts';
import { smtpMailer, type Mailer } from './mail/mailer.ts';
import { createRpcProxy } from './rpc/rpcProxy.ts';
import { registerRpcProxy } from './rpc/rpcRoute.ts';
import { registerRpcSocket, registerWebSockets } from './rpc/rpcSocketRoute.ts';
import { registerSupportedChains } from './routes/supportedChains.ts';
import { registerWallets } from './routes/wallets.ts';
import { iconUrlsFor, spamChecker, type ServerServices } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cairn: ServerServices;
  }
}

export type CreateServerOptions = {
  /** Use this database instead of opening config.database (it is then not closed with the server). */
  db?: Db;
  /** The relay's clock, ping interval and limits (tests); used when config.relay.enabled. */
  relay?: RelayRouteOptions;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Sends the login e-mails instead of SMTP_URL's mail server (tests of a failing one). */
  mailer?: Mailer;
};

const BODY_LIMIT = 64 * 1024;

/**
 * The Cairn backend: opens (and migrates) the database, loads the catalogue, registers the routes
 * and starts the indexer (unless config.indexer.enabled is false). `app.close()` stops the
 * indexer and closes the database.
 */
export async function createServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<FastifyInstance> {
  // Log lines are written 4 kB at a time (and at least every second), not one write per line: on
  // the cached balance route that write was the largest cost after the answer's own (issue 25).
  // What is left is written when the process exits; onClose below writes it out.
  const stdout = options.logStream ? undefined : bufferedStdout();
  const logStream = options.logStream ?? stdout!;
  // One function for TRUST_PROXY, one request id generator: Fastify's and the fast lane's alike.
  const trust = trustedProxy(config.trustProxy);
  const requestIdOf = requestIds();
  const fastLane = new FastLane();
  const app = Fastify({
    // Requests meet the fast lane first: a cached read asked again is answered before Fastify's routing (issue 25).
    serverFactory: serverWithFastLane(fastLane),
    logger: {
      level: config.logLevel,
      stream: logStream,
      serializers: {
        // A relay client's JWT (?auth=) never reaches a log, whatever path a misconfigured relayUrl sent it to.
        req: (request: FastifyRequest) => ({ method: request.method, url: logSafeUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort }),
      },
    },
    // request.ip and request.protocol follow X-Forwarded-* only from the proxies TRUST_PROXY names.
    // A hop count N trusts the N nearest proxies (as proxy-addr does for a number).
    trustProxy: trust,
    bodyLimit: BODY_LIMIT,
    // A caller's sane x-request-id is kept, else a cheap one (requestIds). Fastify's own header
    // option would take any value as is, so genReqId reads it.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // request.log is pino's child only once a route logs through it.
    childLoggerFactory: lazyRequestLogger,
    // verbose: a failed keyword carries its schema, whose description makes the 400 message.
    // allowUnionTypes: a field SPEC lets be a string or a number (a swap's slippage, an onramp
    // amount) says so with `type: [...]`; without it ajv's strict mode prints a warning per schema.
    ajv: { customOptions: { verbose: true, allowUnionTypes: true } },
    // Fastify's own request lines are off; the hooks below write one line per request.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const requestId = registerRequestLog(app, logStream);
  const jsonBodiesOnly = refuseNonJsonBodies(app);
  drainRefusedBodies(app);

  const chains = createChainContexts(config.chains, { timeoutMs: config.rpcProxy.upstreamTimeoutMs, log: (message) => app.log.warn(message) });
  const networks = loadNetworks();
  const tokenList = loadTokenList();
  const wallets = loadWalletCatalogue(config.extraWalletsFile);
  const db = options.db ?? (await openDatabase(config.database));
  // REDIS_URL: what the replicas share beyond the database (limits, caches, the relay's messages).
  const shared = config.redisUrl ? new SharedState(config.redisUrl, app.log) : undefined;
  await shared?.connect();
  const cacheBus = shared ? await redisCacheBus(shared) : undefined;
  const indexer = new Indexer(db, chains.values(), { pollMs: config.indexer.pollMs, reorgWindow: config.indexer.reorgWindow, leaseMs: config.indexer.leaseMs, log: app.log });
  const services: ServerServices = {
    config,
    db,
    chains,
    solanaChains: createSolanaChainContexts(config.solanaChains),
    networks,
    tokenList,
    wallets,
    prices: new PoolPrices(cacheBus),
    indexer,
    mailer: options.mailer ?? (config.login.smtpUrl ? smtpMailer(config.login.smtpUrl, config.login.mailFrom) : undefined),
    cacheBus,
    isSpam: spamChecker(config.spamContracts),
    iconUrls: iconUrlsFor(config, tokenList, networks),
  };
  app.decorate('cairn', services);

  app.setErrorHandler((error: FastifyError | ApiError | ChainUnavailableError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.field));
    if ('validation' in error && error.validation) {
      const { message, field } = formatValidationError(error.validation, error.validationContext ?? 'request');
      return reply.code(400).send(errorBody(400, message, field));
    }
    if (error instanceof SharedStateUnavailable) {
      request.log.warn({ err: error.cause instanceof Error ? error.cause.message : String(error.cause) }, 'shared state unavailable');
      return reply.code(503).header('retry-after', String(SHARED_STATE_RETRY_SECONDS)).send(errorBody(503, ERROR_TEXTS.sharedStateUnavailable));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error.message }, 'database unavailable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_SECONDS)).send(errorBody(503, ERROR_TEXTS.databaseUnavailable));
    }
    if (error instanceof ChainUnavailableError) {
      request.log.warn({ err: error.message }, 'chain unavailable');
      const chain = [...chains.values(), ...services.solanaChains.values()].find((candidate) => candidate.config.rpcUrl === error.rpcUrl)?.caip2 ?? 'node';
      return reply.code(502).send(errorBody(502, ERROR_TEXTS.chainUnavailable(chain)));
    }
    // Fastify's own client errors (body too large 413, malformed JSON 400, media type 415, ...).
    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status !== undefined && status >= 400 && status < 500) return reply.code(status).send(errorBody(status, error.message));
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Internal error'));
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`));
  });

  const perIpLimit = await registerRateLimits(app, config.rateLimit, shared?.commands);
  // What every request meets as it arrives, in one hook (issue 25): its id on the answer, JSON
  // bodies only (415), the per-IP limit (429), CORS. The secure frame's social login sends its
  // browser key cookie: its origins may send credentials.
  const corsOrigins = [...new Set([...config.corsOrigins, ...config.login.frameOrigins])];
  const cors = corsCheck(corsOrigins);
  addArrivalChecks(app, [requestId, jsonBodiesOnly, ...(perIpLimit ? [perIpLimit.check] : []), cors]);
  // SPEC §7: the data API and the catalogue need projectId, st and sv. One per-project count for
  // both of the scopes below, in the same hook.
  const projectLimit = config.rateLimit.perProject > 0 ? countedSharedRateLimit(app, 'project', config.rateLimit.perProject, requestProjectId, 'allow') : undefined;
  const projectAccess = requireProjectAccess(config.projectIds, projectLimit?.check);
  fastLane.open({
    requestId: requestIdOf,
    address: clientAddress(trust),
    perIp: perIpLimit,
    perProject: projectLimit,
    cors: corsHeaders(corsOrigins),
    log: requestLogLines(app, logStream),
  });
  services.fastLane = fastLane;
  // While the server closes, Fastify answers every request (503 to those on open connections).
  app.addHook('preClose', (done) => {
    fastLane.close();
    done();
  });
  const forProjects = (scope: FastifyInstance) => scope.addHook('preValidation', projectAccess);
  const rpcProxy = createRpcProxy(services, (message) => app.log.warn(message));

  // The websocket routes in a scope of their own: @fastify/websocket's hooks and its wrapper
  // around each handler run for the routes of its scope only, not on every request (issue 25).
  let relay: Relay | undefined;
  let websocketServer: FastifyInstance['websocketServer'] | undefined;
  await app.register(async (sockets) => {
    if (config.relay.enabled) {
      const { maxConnections, maxConnectionsPerIp, maxStoredMb } = config.relay;
      const limits = { ...DEFAULT_RELAY_LIMITS, maxConnections, maxConnectionsPerIp, maxStoredBytes: maxStoredMb * 1024 * 1024, ...options.relay?.limits };
      // The stream keeps as many events as the mailbox keeps messages, and as many acknowledgements.
      const bus = shared ? redisRelayBus(shared, { events: limits.maxStoredMessages * 2, bytes: limits.maxStoredBytes }, app.log.child({ component: 'relay' })) : undefined;
      relay = await registerRelay(sockets, { ...options.relay, limits, bus });
    }
    await registerWebSockets(sockets, config.rpcProxy.maxBodyBytes);
    websocketServer = sockets.websocketServer;
    await sockets.register(async (scope) => {
      forProjects(scope);
      registerRpcSocket(scope, rpcProxy);
    });
  });
  // What the scope decorated, on the server itself (its sockets: tests read them).
  app.decorate('websocketServer', websocketServer!);
  if (relay) app.decorate('relay', relay);
  closeAnsweredUpgrades(app);

  registerHealth(app, services);
  // A social provider sends the visitor back here without the project's query.
  registerSocialCallback(app, services);
  // Sign In With Farcaster's relay: a Farcaster wallet app calls it as any relay, without the project's query.
  registerFarcasterRelay(app, services);
  await app.register(async (scope) => {
    forProjects(scope);
    for (const register of [
      registerSupportedChains, registerBalance, registerHistory, registerFungiblePrice, registerGasPrice, registerIdentity,
      registerWallets, registerImages, registerAnalyticsConfig, registerOriginCheck, registerSessions, registerProfile,
      registerConvert, registerOnramp, registerLogin, registerWallet, registerFarcasterLogin,
    ]) {
      register(scope, services);
    }
    // Only sign-in (its session cookie) and the social login (its browser key cookie) set cookies:
    // @fastify/cookie's onSend hook runs for their routes only, not on every answer (issue 25). No
    // route reads request.cookies (sessionCookie.ts reads the header): no parsing hook.
    await scope.register(async (withCookies) => {
      await withCookies.register(cookie, { hook: false });
      registerAuth(withCookies, services);
      registerSocial(withCookies, services);
    });
    registerRpcProxy(scope, rpcProxy);
  });

  app.addHook('onClose', async () => {
    await indexer.stop();
    if (!options.mailer) services.mailer?.close();
    if (!options.db) await db.destroy();
    await shared?.close();
    await stdout?.flush();
  });
  if (config.indexer.enabled) indexer.start();
  return app;
}
