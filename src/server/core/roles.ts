/**
 * What each role may make (docs/api.md#roles), as tables: a new operation type must get its row
 * here (the Record over every type does not compile without it), and so must a new flag that
 * widens what an operation may do. Pure; the store adapters judge it inside the operation's
 * transaction, so a refusal is a stored verdict (`not-allowed`) that a replay returns like any
 * other. What the app hides is only a courtesy: the server decides.
 */
import type { Op, OpType, User } from '../../protocol/schemas';

export type Role = User['role'];

const EVERYONE: readonly Role[] = ['staff', 'manager'];
const MANAGERS: readonly Role[] = ['manager'];

/** Who may make each operation type. */
const TYPE_RULES: Record<OpType, readonly Role[]> = {
  adjust: EVERYONE,
  count: EVERYONE,
  createItem: MANAGERS,
  updateItem: MANAGERS,
  archiveItem: MANAGERS,
  transfer: EVERYONE,
  createPlace: MANAGERS,
  updatePlace: MANAGERS,
  archivePlace: MANAGERS,
  startStocktake: MANAGERS,
  stocktakeCount: EVERYONE,
  applyStocktake: MANAGERS,
  cancelStocktake: MANAGERS,
};

/**
 * Who may set each flag that lets an operation do more than its type alone allows, and whether an
 * operation sets it. `allowNegative: false` asks for nothing more, so anyone may send it.
 */
const FLAG_RULES: readonly { roles: readonly Role[]; sets(op: Op): boolean }[] = [
  { roles: MANAGERS, sets: (op) => 'allowNegative' in op && op.allowNegative === true },
];

export function mayMake(role: Role, op: Op): boolean {
  return (
    TYPE_RULES[op.type].includes(role) &&
    FLAG_RULES.every((rule) => !rule.sets(op) || rule.roles.includes(role))
  );
}
