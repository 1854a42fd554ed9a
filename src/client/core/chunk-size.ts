/**
 * How many operations go into the sender's next local transaction (a claim or a settle chunk):
 * `small` while a person works (a change of theirs within `quietMs`), doubling up to `large`
 * while nobody does. A person's change waits behind at most one such transaction.
 */
export interface ChunkPolicy {
  small: number;
  large: number;
  quietMs: number;
}

export class ChunkSizer {
  private chunk: number;
  private personAt: number | null = null;
  constructor(
    private readonly policy: ChunkPolicy,
    private seenWrites: number,
  ) {
    this.chunk = policy.small;
  }

  /** A person works on the device: a change of theirs within `quietMs` of `now`. */
  working(personWrites: number, now: number): boolean {
    if (personWrites !== this.seenWrites) {
      this.seenWrites = personWrites;
      this.personAt = now;
    }
    return this.personAt !== null && now - this.personAt < this.policy.quietMs;
  }

  /** The size the next chunk would have, without counting one (a read may follow it). */
  current(personWrites: number, now: number): number {
    if (this.working(personWrites, now)) this.chunk = this.policy.small;
    return Math.max(1, this.chunk);
  }

  /** The next chunk's size, given the person's writes so far and the time now. */
  next(personWrites: number, now: number): number {
    const { small, large } = this.policy;
    const size = this.current(personWrites, now);
    if (!this.working(personWrites, now)) {
      this.chunk = Math.min(Math.max(large, small), this.chunk * 2);
    }
    return size;
  }
}
