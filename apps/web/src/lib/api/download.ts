import { REQUEST_ID_HEADER } from '@service-hub/contracts';
import { currentToken } from './auth-token';
import { ApiRequestError } from './client';

/**
 * Downloads a file the API sends (CSV exports): fetched with the caller's token, since a plain
 * link would carry none, then saved under the name the server gives.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = await currentToken();
  const response = await fetch(path, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      [REQUEST_ID_HEADER]: crypto.randomUUID(),
    },
  });
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw new ApiRequestError(response.status, body, response.headers.get(REQUEST_ID_HEADER) ?? undefined);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
