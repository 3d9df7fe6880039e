import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api/auth-token';
import { contractChecked } from '../../../test/contract-stub';
import { followNotificationStream, readEvents } from './notification-stream';

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readEvents', () => {
  it('parses events split across chunks and ignores comments', async () => {
    const events: [string, string][] = [];
    await readEvents(
      streamOf(
        ': connected\n\n',
        'event: notifi',
        'cation\ndata: {"id":1}\n\nid: 2\nevent: notification\n',
        'data: {"id":2}\n\n',
      ),
      (event, data) => events.push([event, data]),
    );
    expect(events).toEqual([
      ['notification', '{"id":1}'],
      ['notification', '{"id":2}'],
    ]);
  });
});

describe('followNotificationStream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const streamResponse = (...chunks: string[]) =>
    new Response(streamOf(...chunks), { status: 200, headers: { 'content-type': 'text/event-stream' } });

  async function reconnectDelay(...chunks: string[]): Promise<number> {
    vi.useFakeTimers();
    setTokenSource(async () => 'token');
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => streamResponse(...chunks));
    // Held to the API contract like every stubbed call (test/contract-stub.ts).
    vi.stubGlobal('fetch', contractChecked(fetchMock));
    const stop = followNotificationStream(() => {});
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    let waited = 0;
    while (fetchMock.mock.calls.length < 2 && waited < 60_000) {
      await vi.advanceTimersByTimeAsync(500);
      waited += 500;
    }
    stop();
    return waited;
  }

  it("asks for the stream at low priority, so it never holds back the page's own requests", async () => {
    setTokenSource(async () => 'token');
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => streamResponse(': connected\n\n'));
    vi.stubGlobal('fetch', contractChecked(fetchMock));
    const stop = followNotificationStream(() => {});
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    stop();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe('/api/notifications/stream');
    expect(init?.priority).toBe('low');
  });

  it('comes back after a second when the server ended the stream', async () => {
    expect(await reconnectDelay(': connected\n\n')).toBe(1000);
  });

  it('comes back only after its longest pause when newer streams of its session replaced it', async () => {
    expect(await reconnectDelay(': connected\n\n', 'event: superseded\ndata: {}\n\n')).toBe(30_000);
  });
});
