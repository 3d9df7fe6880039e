import { STATUS_CODES } from 'node:http';
import type { TApiError } from '@service-hub/contracts';

/**
 * Fixed words for the client errors that Fastify, its router and Node's HTTP parser raise: their
 * own messages may quote the request (a path, a header, a fragment of the body).
 */
const DETAILS: Record<number, string> = {
  400: 'The request could not be read.',
  404: 'There is nothing at this address.',
  408: 'The request took too long to arrive.',
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'This type of content is not accepted.',
  431: 'The request headers are too large.',
};

/** The error shape of a client error that no route chose the words of. */
export function clientError(status: number): Omit<TApiError, 'requestId'> {
  return {
    status,
    title: STATUS_CODES[status] ?? 'Bad Request',
    detail: DETAILS[status] ?? 'The request could not be processed.',
    errorCode: status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED',
  };
}
