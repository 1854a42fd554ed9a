/**
 * Upgrades and rollbacks (docs/operations.md#upgrading): a build never opens a database whose schema is
 * newer than its own (an older build would write rows a newer schema no longer means, and SQLite's
 * `user_version` would silently go down), and with `MIGRATE=0` it never migrates by itself.
 * Both stores read the version, call `checkSchema` before writing anything, and report what they did.
 */

/** Why a store refused to open a database; the message names both versions and what to do. */
export class SchemaRefused extends Error {
  readonly kind = 'schema-refused';
}

/** What opening did to the schema: migrations `from + 1 … to` ran (none when equal). */
export interface Migrated {
  from: number;
  to: number;
}

export interface MigrateOptions {
  /** false (`MIGRATE=0`): a database with pending migrations is refused instead of migrated. */
  migrate?: boolean;
  /** Told what opening did (`npm run migrate` prints it). */
  onMigrated?: (migrated: Migrated) => void;
}

export function checkSchema(found: number, latest: number, migrate: boolean): void {
  if (found > latest) {
    throw new SchemaRefused(
      `the database's schema is version ${found}, newer than this version of Stockroom ` +
        `(schema version ${latest}); nothing was written. Start the release that upgraded it, ` +
        'or restore the backup taken before the upgrade (docs/operations.md#rolling-back).',
    );
  }
  if (found < latest && !migrate) {
    throw new SchemaRefused(
      `the database's schema is version ${found} and this version of Stockroom needs ` +
        `${latest}; MIGRATE=0 is set, so nothing was migrated. Run \`npm run migrate\` ` +
        '(after a backup), then start again.',
    );
  }
}
