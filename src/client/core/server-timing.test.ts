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

it('reads only a whole dur parameter, with spaces around, and skips a metric with no name', () => {
  expect(parseServerTiming(' accept ; dur = 1.25 ,tx;dur=3')).toEqual({ accept: 1.25, tx: 3 });
  expect(parseServerTiming(';dur=4, ,db;dur=2')).toEqual({ db: 2 });
  expect(parseServerTiming('a;xdur=5, b;dur=5x, c;durx=5, d;dur=-1.5')).toEqual({ d: -1.5 });
  expect(parseServerTiming('a;desc="a b";dur=7')).toEqual({ a: 7 });
  expect(parseServerTiming('')).toEqual({});
});
