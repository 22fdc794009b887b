import type { FastifyRequest } from 'fastify';

// Some URLs carry a credential because their callers cannot send a header: a calendar app fetching
// a private feed (/api/calendar/feeds/{token}.ics) and EventSource opening a notice stream
// (?ticket=). Request logs keep the route but never those values.

export function maskSecretsInUrl(url: string): string {
  return url
    .replace(/(\/api\/calendar\/feeds\/)[^?#]*/i, '$1[redacted]')
    .replace(/([?&]ticket=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's own request serializer with the URL masked. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskSecretsInUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's pino options: sign-in headers and passwords redacted, secret-bearing URLs masked. */
export function appLoggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.body.password'],
    serializers: { req: requestForLog },
    ...(stream ? { stream } : {}),
  };
}
