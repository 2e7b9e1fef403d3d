import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shop/shared';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { isApiPath } from '../lib/api-path.js';
import { STATE_CHANGING_METHODS } from '../lib/http.js';
import { sendError } from '../lib/http-errors.js';

/** Security headers, the CORS allowlist and the Origin check against cross-site requests. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.secureCookies;
  // Razorpay's checkout script, its card frame and its API, only when Razorpay takes the payments.
  const razorpay = config.razorpay
    ? {
        script: ['https://checkout.razorpay.com'],
        frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
        connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
      }
    : { script: [], frame: [], connect: [] };
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...razorpay.script],
        // Radix and sonner set inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...razorpay.connect],
        frameSrc: razorpay.frame.length > 0 ? razorpay.frame : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  const hsts = headers['strict-transport-security'];
  const apiHeaders = hsts
    ? { ...JSON_ANSWER_HEADERS, 'strict-transport-security': hsts }
    : JSON_ANSWER_HEADERS;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : headers);
    done();
  });

  const ownOrigin = new URL(config.publicUrl).origin;
  const allowed = new Set(config.corsOrigins);

  // An answer sent here ends the request, so `done` is not called then.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) allowCors(reply, origin);
    if (request.method === 'OPTIONS' && origin && allowed.has(origin)) {
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .send();
      return;
    }
    if (STATE_CHANGING_METHODS.has(request.method) && isCrossSite(request, ownOrigin, allowed)) {
      sendError(reply, 403, messages.foreignOrigin);
      return;
    }
    done();
  });
}

/**
 * What an answer that is never a document needs (OWASP's REST Security Cheat
 * Sheet): a policy that lets it load nothing and be framed nowhere, no
 * sniffing it into HTML, no reading it cross-origin, no referrer. The page's
 * other headers (its CSP's sources, COOP, Origin-Agent-Cluster, DNS prefetch,
 * legacy XSS and download switches) govern a document, which JSON never
 * becomes.
 * No API answer may be stored by a browser or a shared cache: most are one
 * shopper's (their account, cart, orders, the catalog with their cart
 * quantities, an admin's lists), and a proxy must never hand one to another.
 */
export const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The headers helmet would set, worked out once: they are the same for every
 * answer, and building helmet's middleware per request (as @fastify/helmet
 * does) cost a measurable share of each API answer.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => {});
  return headers;
}

function allowCors(reply: FastifyReply, origin: string) {
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-allow-credentials', 'true')
    // A paged list's total and a refused form's field issues are read from these headers.
    .header('access-control-expose-headers', 'X-Total-Count, X-Error-Issues')
    .header('vary', 'Origin');
}

/**
 * A browser always sends Origin on a cross-origin POST/PATCH/DELETE. It must be
 * the shop's public origin, an allowlisted one, or the origin the request was
 * addressed to (same-origin). Without Origin, Sec-Fetch-Site still tells a
 * cross-site request apart; a client that sends neither is not a browser, so
 * it carries no ambient cookie risk.
 */
function isCrossSite(request: FastifyRequest, ownOrigin: string, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    return site === 'cross-site' || site === 'same-site';
  }
  if (origin === ownOrigin || allowed.has(origin)) return false;
  const host = request.headers.host;
  return !(host && (origin === `http://${host}` || origin === `https://${host}`));
}
