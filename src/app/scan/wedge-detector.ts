/**
 * Keyboard-wedge scanners (docs/client.md#places): a USB or Bluetooth scanner types the code and
 * Enter, far faster than a person types. A burst of at least MIN_LENGTH characters ended by Enter,
 * typed outside a text field at no more than MAX_AVERAGE_MS a key on average (first character to
 * Enter), is a scan. A pause longer than BURST_BREAK_MS starts a new burst. Pure: the caller hands
 * every key press with its time (KeyboardEvent.timeStamp), so tests drive it with explicit times.
 *
 * Why an average and not every gap: scanners send a character every 1–20 ms, but a busy browser
 * delivers keys in clumps (measured: 15–105 ms apart under load, 35 ms on average). People type
 * at 100 ms or more a key, and nobody keeps 50 ms a key over a whole code and Enter.
 */
export const MAX_AVERAGE_MS = 50;
export const BURST_BREAK_MS = 250;
export const MIN_LENGTH = 4;

export interface KeyPress {
  /** `KeyboardEvent.key`: one printable character, `Enter`, or another key's name. */
  key: string;
  /** Milliseconds, from one clock (`KeyboardEvent.timeStamp`). */
  at: number;
  /** The key went to a text field (input, textarea, select, contenteditable): never a scan. */
  inTextField: boolean;
}

export class WedgeDetector {
  private buffer = '';
  private first = 0;
  private last = -Infinity;

  /** Feeds one key press; returns the scanned code when this Enter ends a scanner's burst. */
  press({ key, at, inTextField }: KeyPress): string | null {
    const broken = at - this.last > BURST_BREAK_MS;
    this.last = at;
    if (inTextField) {
      this.buffer = '';
      return null;
    }
    if (key === 'Enter') {
      const fast = (at - this.first) / Math.max(1, this.buffer.length) <= MAX_AVERAGE_MS;
      const code = !broken && fast && this.buffer.length >= MIN_LENGTH ? this.buffer : null;
      this.buffer = '';
      return code;
    }
    if (key.length !== 1) {
      // Shift and other modifiers come between a scanner's characters: they neither count nor break.
      if (key !== 'Shift') this.buffer = '';
      return null;
    }
    if (broken || this.buffer === '') {
      this.buffer = key;
      this.first = at;
    } else this.buffer += key;
    return null;
  }
}
