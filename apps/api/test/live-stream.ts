/**
 * A notification stream opened against a listening server, read in the background as a browser
 * would: its text so far, and whether (and when) the server ended it.
 */
export class LiveStream {
  text = '';
  private done = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly finished: Promise<void>;

  private constructor(readonly response: Response) {
    const reader = response.body!.getReader();
    this.reader = reader;
    const decoder = new TextDecoder();
    this.finished = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        this.text += decoder.decode(value, { stream: true });
      }
      this.done = true;
    })();
  }

  /** Opens the stream with a bearer token and waits until the server has confirmed it. */
  static async open(baseUrl: string, token: string): Promise<LiveStream> {
    const response = await fetch(`${baseUrl}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`stream refused: HTTP ${response.status}`);
    const stream = new LiveStream(response);
    if (!(await stream.shows(': connected'))) throw new Error('stream not confirmed');
    return stream;
  }

  /** True once the server ended the stream within `ms`. */
  async endsWithin(ms: number): Promise<boolean> {
    await Promise.race([this.finished, new Promise((resolve) => setTimeout(resolve, ms))]);
    return this.done;
  }

  /** True once the text contains `part` within `ms`. */
  async shows(part: string, ms = 2000): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.text.includes(part) && !this.done && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.text.includes(part);
  }

  get ended(): boolean {
    return this.done;
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}
