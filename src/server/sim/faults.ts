/**
 * Tester faults (SIMULATE=1): rules that act on the next `times` operation requests that carry a
 * matching operation (every such request when `match` is absent). In memory: tester state only.
 */
import type { ArmedFault, FaultRule } from '../../protocol/schemas';

export type { Fault } from '../../protocol/schemas';
export type ActiveRule = ArmedFault;

/** Tester state stays small whatever a tester sends (docs/api.md#tester-mode). */
export const MAX_FAULT_RULES = 100;

/** Attempt ids remembered so a browser's silent resend of the same attempt meets the same fault. */
const REMEMBERED_ATTEMPTS = 1000;

export class FaultBook {
  private rules: ActiveRule[] = [];
  private readonly byAttempt = new Map<string, ActiveRule>();
  /** Ids are never reused, so removing a rule by a stale id cannot remove a newer one. */
  private nextId = 1;

  /** null when the book already holds MAX_FAULT_RULES rules. */
  add(rule: FaultRule): ActiveRule | null {
    if (this.rules.length >= MAX_FAULT_RULES) return null;
    const active: ActiveRule = { id: `f${this.nextId++}`, ...rule, remaining: rule.times ?? 1 };
    this.rules.push(active);
    return active;
  }

  list(): ActiveRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** false when no armed rule has this id (used up or removed already). */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    // A silent resend of an attempt this rule met is no longer met by it either.
    for (const [attempt, rule] of this.byAttempt)
      if (rule.id === id) this.byAttempt.delete(attempt);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
    this.byAttempt.clear();
  }

  /**
   * The first rule matching a request that carries these operation ids; consumes one use.
   * Chromium silently re-sends a POST (same X-Request-Id) when a kept-alive connection closes
   * before any reply byte, so an attempt already faulted meets the same fault again, without
   * using up another one; otherwise "drop next response" would never reach the app.
   */
  take(operationIds: readonly string[], attemptId?: string): ActiveRule | null {
    const again = attemptId === undefined ? undefined : this.byAttempt.get(attemptId);
    if (again) return { ...again };
    const rule = this.rules.find((r) => {
      const wanted = r.match?.operationId;
      return wanted === undefined || operationIds.includes(wanted);
    });
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    if (attemptId !== undefined) {
      if (this.byAttempt.size >= REMEMBERED_ATTEMPTS) {
        this.byAttempt.delete(this.byAttempt.keys().next().value!);
      }
      this.byAttempt.set(attemptId, { ...rule });
    }
    return { ...rule };
  }
}
