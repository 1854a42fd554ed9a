/**
 * Tester faults (SIMULATE=1): rules that act on the next `times` operation requests that carry a
 * matching operation (every such request when `match` is absent). In memory: tester state only.
 */
import type { FaultRule } from '../../protocol/schemas';

export type Fault = FaultRule['fault'];
export interface ActiveRule extends FaultRule {
  remaining: number;
}

export class FaultBook {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): ActiveRule {
    const active: ActiveRule = { ...rule, remaining: rule.times ?? 1 };
    this.rules.push(active);
    return active;
  }

  list(): ActiveRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The first rule matching a request that carries these operation ids; consumes one use. */
  take(operationIds: readonly string[]): ActiveRule | null {
    const rule = this.rules.find((r) => {
      const wanted = r.match?.operationId;
      return wanted === undefined || operationIds.includes(wanted);
    });
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return { ...rule };
  }
}
