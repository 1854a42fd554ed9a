/**
 * Which operation types each role may make (spec/api.md, "Roles"). Pure; the store adapters judge
 * it inside the operation's transaction, so a refusal is a stored verdict (`not-allowed`) that a
 * replay returns like any other.
 */
import type { OpType, User } from '../../protocol/schemas';
import { assertNever } from '../../protocol/assert-never';

export type Role = User['role'];

export function mayMake(role: Role, type: OpType): boolean {
  switch (type) {
    case 'adjust':
    case 'count':
      return true;
    case 'createItem':
    case 'updateItem':
    case 'archiveItem':
      return role === 'manager';
    default:
      return assertNever(type);
  }
}
