/** A backup or restore that stops with a message for the operator (exit 1, nothing replaced). */
export class BackupRefused extends Error {
  readonly kind = 'refused';
}

/** What a finished backup reports: `backup written: FILE (N operations recorded, taken at <ISO>)`. */
export interface BackupResult {
  file: string;
  operations: number;
  /** The snapshot's time (ISO): every change committed before it is in the copy. */
  takenAt: string;
}

export function backupLine(result: BackupResult): string {
  return `backup written: ${result.file} (${result.operations} operations recorded, taken at ${result.takenAt})`;
}

export interface RestoreResult {
  file: string;
  takenAt: string;
  epoch: string;
  /** SQLite: where the replaced database was kept. */
  keptAs: string | null;
}

export function restoreLine(result: RestoreResult): string {
  const kept = result.keptAs === null ? '' : `; the replaced database is kept as ${result.keptAs}`;
  return `restored: ${result.file} (taken at ${result.takenAt}, new epoch ${result.epoch})${kept}`;
}

export function newerSchema(backup: number, ours: number): BackupRefused {
  return new BackupRefused(
    `the backup's schema is version ${backup}, newer than this version of Stockroom (schema ${ours}); ` +
      'restore it with the Stockroom release that made it',
  );
}
