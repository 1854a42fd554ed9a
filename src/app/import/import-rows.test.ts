import { describe, expect, it } from 'vitest';
import { csvCell } from '../../protocol/csv';
import { unprotect } from './import-rows';

describe('unprotect', () => {
  it("takes off exactly the ' that csvCell puts before formula-like text, leading spaces too", () => {
    for (const text of ['=1+1', ' =1+1', '   @SUM(A1)', '-5 from A', "'quoted", 'plain']) {
      expect(unprotect(csvCell(text))).toBe(text);
    }
    expect(unprotect("' plain")).toBe("' plain");
  });
});
