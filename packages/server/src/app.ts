import { Hono, type MiddlewareHandler } from 'hono';
import type { Db } from './db/client';
import type { ReadCache } from './db/read-cache';
import { clientIp } from './lib/client-ip';
import type { Clock } from './lib/clock';
import type { AppConfig } from './lib/config';
import { errorResponse, failure } from './lib/envelope';
import { ErrCode, httpStatusOf } from './lib/errors';
import { requestLog } from './lib/request-log';
import { requestHeader } from './lib/request';
import { securityHeaders } from './lib/security-headers';
import type { AppEnv } from './routes/hono-env';
import { consoleSmsSender, type SmsSender } from './lib/sms-sender';
import { serveWebApp } from './lib/static-web';
import type { Storage } from './lib/storage';
import { serviceRoutes } from './routes/services';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  storage?: Storage;
  /** Repeated reads of the embedded database (openReadCache); none by default. */
  readCache?: ReadCache | null;
  /** SMS gateway; without one, codes are written to the server log. */
  sms?: SmsSender;
  /** Where unexpected errors go; console.error by default. */
  logError?: (message: string, error: unknown) => void;
}

export const API_BASE = '/api';
export const DEFAULT_PRODUCT = 'dfrm';

function productOf(header: string | undefined): string {
  return header && /^[A-Za-z0-9_-]{1,32}$/.test(header) ? header : DEFAULT_PRODUCT;
}

/** Builds the per-request service context (`c.var.ctx`) that `allow(...)` and the handlers use. */
export function serviceContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('ctx', {
      db: deps.db,
      clock: deps.clock,
      sms: deps.sms ?? consoleSmsSender,
      storage: deps.storage ?? null,
      readCache: deps.readCache ?? null,
      config: deps.config,
      ip: clientIp(c, deps.config.trustProxy),
      product: productOf(requestHeader(c, 'Product')),
      auth: null,
    });
    await next();
  };
}

/** The whole server as a Hono app: every service under /api, /config.json and the web app. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const logError = deps.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const app = new Hono<AppEnv>();
  const api = new Hono<AppEnv>();
  // first, so every answer (API, files, errors, 404) has a request id, security headers and a log line
  app.use(requestLog({ enabled: deps.config.accessLog }));
  app.use(securityHeaders(deps.config));

  api.use('*', serviceContext(deps));
  api.route('/', serviceRoutes().app);

  // an unknown API path is an envelope, never the SPA's HTML
  api.all('*', (c) =>
    c.json(
      failure(ErrCode.notFound, `接口不存在：${c.req.method} ${c.req.path}`),
      httpStatusOf[ErrCode.notFound],
    ),
  );

  app.route(API_BASE, api);

  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({
      apiBase: API_BASE,
      notebookGatewayUrl: deps.config.notebookGatewayUrl,
      remoteModuleUrl: deps.config.remoteModuleUrl,
      aiAssistantUrl: deps.config.aiAssistantUrl,
      product: DEFAULT_PRODUCT,
    });
  });

  const web = serveWebApp(deps.config.webDist);
  app.on(['GET', 'HEAD'], '*', (c) => web(c));
  app.notFound((c) => c.text('Not Found', 404));
  app.onError((error, c) => errorResponse(c, error, logError));
  return app;
}
