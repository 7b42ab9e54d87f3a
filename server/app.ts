import path from 'node:path';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { ServerConfig } from '../service/config.js';
import { type ImageFetchOptions, imageFetcherFor } from '../service/image-fetch.js';
import { createRenderPool } from '../service/render-pool.js';
import { createRenderService, type RenderService } from '../service/render-service.js';
import { createTelemetry, sendsKeyInTheClear } from '../service/telemetry.js';
import { installCors } from './cors.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './error-handler.js';
import { installMcpMethodGuard, mcpRoutes } from './mcp/route.js';
import { discoveryRoutes } from './routes/discovery.js';
import { handoffRoutes } from './routes/handoff.js';
import { healthRoutes } from './routes/health.js';
import { renderRoutes } from './routes/render.js';
import { studioRoutes } from './routes/studio.js';
import { installGracefulShutdown } from './shutdown.js';
import { installTraceContext } from './trace.js';

/** dist/studio, from server/ in the sources and from dist/server once built. */
const STUDIO_ROOT = path.resolve(
  import.meta.dirname,
  import.meta.dirname.includes(`${path.sep}dist${path.sep}`) ? '../studio' : '../dist/studio',
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The one render path (intake -> fetch -> worker -> outcome), for the render route and MCP. */
    renderService: RenderService;
    config: ServerConfig;
  }
}

/** Test seams only; production passes nothing. */
export interface AppOptions {
  /** Trust a test CA, resolve test names, or allow loopback addresses for `imageUrl`. */
  readonly imageFetch?: Pick<ImageFetchOptions, 'ca' | 'resolve' | 'isAllowedAddress'>;
  /** Where the log goes (standard output by default): a test reads what was logged. */
  readonly logStream?: NodeJS.WritableStream;
}

/** Builds the app; never listens (server.ts does). Tests build it and call it over real HTTP. */
export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const telemetry = config.platformApiKey
    ? createTelemetry({ endpoint: config.otlpTracesEndpoint, platformApiKey: config.platformApiKey })
    : null;
  const pool = createRenderPool({ workers: config.renderWorkers, queueLimit: config.renderQueueLimit });
  const fetcher = imageFetcherFor(config, options.imageFetch);
  const renderService = createRenderService({ pool, fetcher, maxImagePixels: config.maxImagePixels, telemetry });

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // At trace level @fastify/multipart logs the options it hands busboy, the request's headers
      // among them (the platform key with them): no headers of a request are ever logged.
      redact: { paths: ['headers', '*.headers'], remove: true },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Requests are never logged (no client address or URL ends up in a log).
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: false,
    // Node's server refuses a request (headers or body) that has not fully arrived in time, with
    // 408 through clientErrorHandler. It checks every second, so the cut-off is that precise, and
    // only while the headers timeout is not the longer one (Node's default for it is 60 s).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    clientErrorHandler,
    frameworkErrors,
  });
  if (telemetry && sendsKeyInTheClear(config.otlpTracesEndpoint)) {
    app.log.warn(
      'the trace export sends the platform key over plain http to another machine: give OTEL_EXPORTER_OTLP_TRACES_ENDPOINT an https URL',
    );
  }
  app.decorate('config', config);
  app.decorate('renderService', renderService);
  installTraceContext(app, telemetry);
  installErrorHandling(app, config);
  installGracefulShutdown(app);
  installCors(app);
  installMcpMethodGuard(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
  // Runs after the HTTP server has closed, i.e. after every in-flight request was answered (shutdown.ts).
  app.addHook('onClose', async () => {
    await pool.close();
    await fetcher.close();
    await telemetry?.shutdown();
  });

  await app.register(healthRoutes, { pool, urlFetching: config.imageFetchAllowlist.length > 0 });
  await app.register(renderRoutes, { service: renderService, maxImageBytes: config.maxImageBytes });
  await app.register(mcpRoutes, { service: renderService, config, telemetry });
  await app.register(handoffRoutes, { pool });
  await app.register(discoveryRoutes);
  await app.register(studioRoutes, { root: STUDIO_ROOT });
  return app;
}
