import { expect, it } from 'vitest';
import { parseServerTiming } from './server-timing';

it('parses Server-Timing phases and leaves out metrics without a duration', () => {
  expect(parseServerTiming('accept;dur=0.1, tx;dur=1.9, commit;dur=0.4')).toEqual({
    accept: 0.1,
    tx: 1.9,
    commit: 0.4,
  });
  expect(parseServerTiming('cache;desc="hit", db;dur="12.5"')).toEqual({ db: 12.5 });
  expect(parseServerTiming(null)).toEqual({});
});
