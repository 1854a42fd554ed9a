/**
 * Keyboard-wedge scanners (docs/client.md#places): a USB or Bluetooth scanner types the code and
 * Enter, far faster than a person types. A burst of at least MIN_LENGTH characters, each within
 * MAX_GAP_MS of the one before, ended by Enter (also within MAX_GAP_MS), typed outside a text field,
 * is a scan. Pure: the caller hands every key press with its time (KeyboardEvent.timeStamp), so
 * tests drive it with explicit times and never wait.
 *
 * Why these numbers: scanners send a character every 1–20 ms (a Bluetooth one in bursts); the
 * fastest people type about 10 characters a second, 100 ms apart, and nobody keeps a gap under
 * 40 ms over eight or more keys.
 */
export const MAX_GAP_MS = 40;
export const MIN_LENGTH = 4;

export interface KeyPress {
  /** `KeyboardEvent.key`: one printable character, `Enter`, or another key's name. */
  key: string;
  /** Milliseconds, from one clock (`KeyboardEvent.timeStamp`). */
  at: number;
  /** The key went to a text field (input, textarea, contenteditable): never a scan. */
  inTextField: boolean;
}

export class WedgeDetector {
  private buffer = '';
  private last = -Infinity;

  /** Feeds one key press; returns the scanned code when this Enter ends a scanner's burst. */
  press({ key, at, inTextField }: KeyPress): string | null {
    const quick = at - this.last <= MAX_GAP_MS;
    this.last = at;
    if (inTextField) {
      this.buffer = '';
      return null;
    }
    if (key === 'Enter') {
      const code = quick && this.buffer.length >= MIN_LENGTH ? this.buffer : null;
      this.buffer = '';
      return code;
    }
    if (key.length !== 1) {
      // Shift and other modifiers come between a scanner's characters: they neither count nor break.
      if (key !== 'Shift') this.buffer = '';
      return null;
    }
    // A slow key starts a new burst (a person typing): only what follows quickly can be a scan.
    this.buffer = quick ? this.buffer + key : key;
    return null;
  }
}
