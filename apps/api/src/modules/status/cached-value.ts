/**
 * A value computed at most once per `maxAgeMs`: callers within that time share the last result,
 * and callers while it is being computed share that one computation (a flood of requests makes
 * one round of work per interval). `invalidate()` makes the next call compute afresh; a
 * computation that was under way when it was called is not kept.
 */
export class CachedValue<T> {
  private current: { at: number; value: T } | undefined;
  private pending: Promise<T> | undefined;
  private generation = 0;

  constructor(
    private readonly compute: () => Promise<T>,
    private readonly maxAgeMs: number,
    // Read at each call (not captured once), so a test may move the clock.
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(): Promise<T> {
    if (this.current && this.now() - this.current.at < this.maxAgeMs)
      return Promise.resolve(this.current.value);
    if (!this.pending) {
      const generation = this.generation;
      const computing = this.compute()
        .then((value) => {
          if (generation === this.generation) this.current = { at: this.now(), value };
          return value;
        })
        .finally(() => {
          if (this.pending === computing) this.pending = undefined;
        });
      this.pending = computing;
    }
    return this.pending;
  }

  invalidate(): void {
    this.generation += 1;
    this.current = undefined;
    this.pending = undefined;
  }
}
