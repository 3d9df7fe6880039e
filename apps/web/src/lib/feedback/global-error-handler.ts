import { ApiRequestError } from '../api/client';
import { showToast } from './toasts';

/** An error the app raises on purpose, with a stable code and a reference for support (spec 8). */
export class ApplicationError extends Error {
  constructor(
    message: string,
    readonly errorCode: string,
    readonly referenceCode: string,
    readonly showToast: boolean,
  ) {
    super(message);
    this.name = 'ApplicationError';
  }
}

function hasStringRequestId(error: unknown): error is { requestId: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { requestId?: unknown }).requestId === 'string'
  );
}

/**
 * The global error handler of spec 8:
 * - an HTTP error carrying a body → generalError toast with the body's request id;
 * - an application error → logged, and an errorApi toast with its reference when showToast;
 * - anything else → errorUnknown followed by the error's message, referenced by its request id or
 *   the current time.
 */
export function handleGlobalError(error: unknown) {
  if (error instanceof ApiRequestError && error.body) {
    showToast({
      appearance: 'warning',
      message: 'common.systemFeedback.generalError',
      referenceCode: error.body.requestId,
    });
    return;
  }
  if (error instanceof ApplicationError) {
    console.error(`[${error.errorCode}] ${error.message} (reference ${error.referenceCode})`);
    if (error.showToast)
      showToast({
        appearance: 'warning',
        message: 'common.systemFeedback.errorApi',
        referenceCode: error.referenceCode,
      });
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  showToast({
    appearance: 'warning',
    message: 'common.systemFeedback.errorUnknown',
    suffix: message,
    referenceCode: hasStringRequestId(error) ? error.requestId : new Date().toISOString(),
  });
}

/** Window errors are only logged; unhandled promise rejections go to the handler. */
export function installGlobalErrorHandlers() {
  window.addEventListener('error', (event) => console.error(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    handleGlobalError(event.reason);
  });
}
