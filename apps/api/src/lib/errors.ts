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

/**
 * 429: a rate limit or lockout refuses the caller for now. `retryAfterSeconds`, computed from the
 * limit's real window, goes out as the Retry-After header in whole seconds (at least 1).
 */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(errorCode: ErrorCode, detail: string, retryAfterSeconds: number) {
    super(429, errorCode, 'Too Many Requests', detail);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** "1 minute", "14 minutes": a wait in whole minutes, rounded up, for an error's English detail. */
export function minutesOf(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
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
