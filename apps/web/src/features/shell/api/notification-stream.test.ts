import { describe, expect, it } from 'vitest';
import { readEvents } from './notification-stream';

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
