import { REQUEST_ID_HEADER, type TNotification } from '@service-hub/contracts';
import { currentToken } from '../../../lib/api/auth-token';

/** The longest pause between reconnections, also taken after the stream was superseded. */
const MAX_RETRY_MS = 30_000;

/**
 * Follows the server-sent notification stream. fetch is used instead of EventSource because the
 * stream needs the Authorization header; it reconnects with a growing pause when the connection
 * drops (server restart, network) and stops when `stop` is called.
 */
export function followNotificationStream(onNotification: (notification: TNotification) => void): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let retryMs = 1000;

  const connect = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const token = await currentToken();
        const response = await fetch('/api/notifications/stream', {
          headers: {
            accept: 'text/event-stream',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            [REQUEST_ID_HEADER]: crypto.randomUUID(),
          },
          signal: controller.signal,
          // Open for as long as the page: it must not hold back the page's own requests, and a
          // page counts as loaded (Lighthouse, browsers' heuristics) without waiting for it.
          priority: 'low',
        });
        if (response.status === 401) return; // signed out: the app takes the user to sign-in
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        retryMs = 1000;
        await readEvents(response.body, (event, data) => {
          if (event === 'notification') onNotification(JSON.parse(data) as TNotification);
          // Newer streams of this session (other tabs) took its place: come back only slowly.
          if (event === 'superseded') retryMs = MAX_RETRY_MS;
        });
      } catch {
        if (stopped) return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  };
  void connect();
  return () => {
    stopped = true;
    controller?.abort();
  };
}

/** Parses a text/event-stream body into (event, data) pairs. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) onEvent(event, data.join('\n'));
      boundary = buffer.indexOf('\n\n');
    }
  }
}
