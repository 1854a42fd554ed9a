import { describe, expect, it } from 'vitest';
import { databaseUrlOf } from './backup-and-restore';

describe('the database npm run backup and restore work on', () => {
  it('is DATABASE_URL, or PostgreSQL itself past a pooler with DATABASE_URL’s schema', () => {
    expect(databaseUrlOf({ DATABASE_URL: 'sqlite:data/s.db' })).toBe('sqlite:data/s.db');
    const pooled = 'postgres://app:pw@127.0.0.1:6432/shop?schema=north';
    expect(databaseUrlOf({ DATABASE_URL: pooled })).toBe(pooled);
    expect(
      databaseUrlOf({
        DATABASE_URL: pooled,
        DATABASE_DIRECT_URL: 'postgres://app:pw@127.0.0.1:5432/shop',
      }),
    ).toBe('postgres://app:pw@127.0.0.1:5432/shop?schema=north');
    expect(() => databaseUrlOf({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(
      /DATABASE_DIRECT_URL/,
    );
  });
});
