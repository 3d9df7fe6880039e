import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TApiError } from '@service-hub/contracts';
import { AppError } from '../lib/errors.ts';
import { toFieldErrors, type SchemaIssue } from '../lib/validation-errors.ts';

export function sendError(reply: FastifyReply, error: Omit<TApiError, 'requestId'>) {
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({ ...error, requestId: reply.request.id });
}

const GENERIC_DETAIL = 'Something went wrong when contacting our services. Please try again later.';

/**
 * One error shape for every failure (spec 8). Internals never leave the server: anything that is
 * not a deliberate AppError or a client error is logged with its stack and answered with a
 * generic message plus a reference code (the request id) that support can find in the logs.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large, …
      request.log.info({ err: error }, 'client error');
      return sendError(reply, {
        status,
        title:
          status === 415 ? 'Unsupported Media Type' : status === 413 ? 'Payload Too Large' : 'Bad Request',
        detail: error.message,
        errorCode: status === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, {
      status: 500,
      title: 'Internal Server Error',
      detail: GENERIC_DETAIL,
      errorCode: 'INTERNAL_ERROR',
      referenceCode: request.id,
    });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
