import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/client';
import { ApplicationError, handleGlobalError } from './global-error-handler';
import { peekToasts, removeAllToasts } from './toasts';

describe('handleGlobalError (spec 8)', () => {
  afterEach(() => {
    removeAllToasts();
    vi.restoreAllMocks();
  });

  it('shows generalError with the request id of an HTTP error body', () => {
    const body = { status: 500, title: 'Internal Server Error', detail: 'x', requestId: 'req-1' };
    handleGlobalError(new ApiRequestError(500, body, 'req-1'));
    expect(peekToasts()).toEqual([
      expect.objectContaining({
        appearance: 'warning',
        message: 'common.systemFeedback.generalError',
        referenceCode: 'req-1',
      }),
    ]);
  });

  it('logs an application error and toasts errorApi with its reference only when asked to', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handleGlobalError(new ApplicationError('quiet', 'E1', 'REF-1', false));
    expect(peekToasts()).toHaveLength(0);
    handleGlobalError(new ApplicationError('loud', 'E2', 'REF-2', true));
    expect(peekToasts()).toEqual([
      expect.objectContaining({ message: 'common.systemFeedback.errorApi', referenceCode: 'REF-2' }),
    ]);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('shows errorUnknown plus the message for anything else, referenced by request id or the time', () => {
    handleGlobalError(Object.assign(new Error('boom'), { requestId: 'req-9' }));
    handleGlobalError(new Error('bang'));
    const [first, second] = peekToasts();
    expect(first).toMatchObject({
      message: 'common.systemFeedback.errorUnknown',
      suffix: 'boom',
      referenceCode: 'req-9',
    });
    expect(second).toMatchObject({ message: 'common.systemFeedback.errorUnknown', suffix: 'bang' });
    expect(Number.isNaN(Date.parse(second!.referenceCode!))).toBe(false);
  });

  it('treats an HTTP error without a body as unknown', () => {
    handleGlobalError(new ApiRequestError(502, undefined, undefined));
    expect(peekToasts()[0]).toMatchObject({
      message: 'common.systemFeedback.errorUnknown',
      suffix: 'HTTP 502',
    });
  });
});
