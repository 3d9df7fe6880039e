import type { ErrorCode, TFieldError } from '@service-hub/contracts';

/**
 * An error the API means to show: the error handler turns it into the shared error shape with
 * its status, code and English detail (the web app translates by code).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    readonly title: string,
    detail: string,
    readonly fieldErrors?: TFieldError[],
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const unauthenticated = (detail = 'Sign in to continue.') =>
  new AppError(401, 'UNAUTHENTICATED', 'Unauthorized', detail);

export const forbidden = (detail = 'You are not authorized to do this.') =>
  new AppError(403, 'FORBIDDEN', 'Forbidden', detail);

export const notFound = (detail = 'The requested resource was not found.') =>
  new AppError(404, 'NOT_FOUND', 'Not Found', detail);

/** No route answers the request; the address is not repeated, it is input. */
export const noRoute = () => notFound('There is nothing at this address.');

export const conflict = (detail: string, fieldErrors?: TFieldError[]) =>
  new AppError(409, 'CONFLICT', 'Conflict', detail, fieldErrors);

export const badRequest = (detail: string, fieldErrors?: TFieldError[]) =>
  new AppError(400, 'VALIDATION_FAILED', 'Bad Request', detail, fieldErrors);
