import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, badCharacters } from '../lib/app-error.js';

interface ErrorBody {
  message: string;
  code: string;
  fieldErrors?: Record<string, string[]>;
}

// PostgreSQL error codes that mean "the database is not reachable right now", not "the request is bad".
const UNAVAILABLE_PG_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
// node-postgres errors without a code: a connection cut, or not opened in time (client: 'timeout expired', pool: 'timeout exceeded…').
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect)/;
// Text PostgreSQL cannot hold (a NUL character, say): the sender's fault, and no schema can spell
// it out for every string field, so it is refused here (the attack fuzz checks nothing was written).
const UNSTORABLE_TEXT_PG_CODES = new Set(['22021', '22P05']);

function validationBody(err: FastifyError): ErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  const lines: string[] = [];
  for (const v of err.validation ?? []) {
    const issue = (v.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined)?.issue;
    const path = (issue?.path ?? []).map(String).join('.') || v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const message = issue?.message ?? v.message ?? 'Invalid value';
    const key = path || (err.validationContext ?? 'request');
    (fieldErrors[key] ??= []).push(message);
    lines.push(path ? `${path}: ${message}` : message);
  }
  return { message: `Invalid ${err.validationContext ?? 'request'}: ${lines.join('; ')}`, code: 'VALIDATION', fieldErrors };
}

/** One error handler: deliberate refusals keep their text, validation becomes 400, the rest hides its detail. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError & { code?: string }, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ message: err.message, code: err.code, fieldErrors: err.fieldErrors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(validationBody(err));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return reply.code(400).send({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: 'Unsupported content type: send application/json', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (err.code && UNSTORABLE_TEXT_PG_CODES.has(err.code)) {
      const refusal = badCharacters();
      return reply.code(refusal.statusCode).send({ message: refusal.message, code: refusal.code });
    }
    if (err.code && (UNAVAILABLE_PG_CODES.has(err.code) || UNAVAILABLE_NODE_CODES.has(err.code)) || UNAVAILABLE_MESSAGES.test(err.message)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: 'The service is temporarily unavailable, please try again shortly', code: 'UNAVAILABLE' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message, code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side', code: 'INTERNAL' });
  });
});
