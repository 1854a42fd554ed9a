/**
 * The database's identity as sign-in, leases (and /readyz) answer it: `epoch` always, and
 * `restoredFrom` only after a restore (docs/api.md#epoch-and-restores).
 */
import type { RestoredFrom } from '../../protocol/schemas';
import type { DatabaseIdentity } from '../store/store';

export function identityFields(identity: DatabaseIdentity): {
  epoch: string;
  restoredFrom?: RestoredFrom;
} {
  return identity.restoredFrom === null
    ? { epoch: identity.epoch }
    : { epoch: identity.epoch, restoredFrom: identity.restoredFrom };
}
