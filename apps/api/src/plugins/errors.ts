import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER, type TApiError } from '@service-hub/contracts';
import { clientError } from '../lib/client-errors.ts';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { AppError, TooManyRequestsError } from '../lib/errors.ts';
import { toFieldErrors, type SchemaIssue } from '../lib/validation-errors.ts';

export function sendError(reply: FastifyReply, error: Omit<TApiError, 'requestId'>) {
  return reply
    .code(error.status)
    .header(REQUEST_ID_HEADER, reply.request.id)
    .type('application/json; charset=utf-8')
    .send({ ...error, requestId: reply.request.id });
}

const GENERIC_DETAIL = 'Something went wrong when contacting our services. Please try again later.';

function sendInternalError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, {
    status: 500,
    title: 'Internal Server Error',
    detail: GENERIC_DETAIL,
    errorCode: 'INTERNAL_ERROR',
    referenceCode: request.id,
  });
}

/** Seconds a client should wait before trying again while PostgreSQL is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL is restarting, failing over or unreachable: not a fault of this request, so 503 with
 * Retry-After instead of 500, and a warning without the stack (every request in the gap logs one).
 */
function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn(
    { errMessage: error instanceof Error ? error.message : String(error) },
    'database unavailable',
  );
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendError(reply, {
    status: 503,
    title: 'Service Unavailable',
    detail: 'The service is briefly unavailable. Please try again in a moment.',
    errorCode: 'SERVICE_UNAVAILABLE',
    referenceCode: request.id,
  });
}

/**
 * Errors of Fastify's router, before any route or hook runs: a path that is not valid
 * percent-encoding, or a path segment longer than a route parameter may be (414).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) return sendInternalError(request, reply, error);
  request.log.info({ err: error }, 'client error');
  return sendError(reply, clientError(status));
}

/**
 * Errors of Node's HTTP parser (headers too large: 431, malformed request: 400, too slow: 408),
 * where no request exists yet: the answer is written to the socket, still in the error shape.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const requestId = randomUUID();
  this.log.info({ err: error, requestId }, 'client error');
  // A response already under way on this connection must not get bytes of another one.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ ...clientError(status), requestId });
    const { title } = clientError(status);
    socket.write(
      `HTTP/1.1 ${status} ${title}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * One error shape for every failure (spec 8). Internals never leave the server: anything that is
 * not a deliberate AppError or a client error is logged with its stack and answered with a
 * generic message plus a reference code (the request id) that support can find in the logs. A 429
 * (TooManyRequestsError) carries Retry-After.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, {
        status: error.status,
        title: error.title,
        detail: error.message,
        errorCode: error.errorCode,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validationContext, error.validation as unknown as SchemaIssue[]);
      return sendError(reply, {
        status: 400,
        title: 'Bad Request',
        detail: `Invalid request: ${errors.map((e) => e.field).join(', ')}.`,
        errorCode: 'VALIDATION_FAILED',
        errors,
      });
    }
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large, …
      request.log.info({ err: error }, 'client error');
      return sendError(reply, clientError(status));
    }
    return sendInternalError(request, reply, error);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
