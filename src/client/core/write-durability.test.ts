import { describe, expect, it } from 'vitest';
import { settleDurability } from './write-durability';

const receipt = { kind: 'receipt' } as const;
const event = { kind: 'event' } as const;

describe('settleDurability', () => {
  it('relaxes a transaction that only stores receipts', () => {
    expect(settleDurability([receipt, receipt])).toBe('relaxed');
  });

  it('keeps strict a transaction that stores anything but a receipt', () => {
    expect(settleDurability([receipt, event])).toBe('strict');
    expect(settleDurability([event])).toBe('strict');
  });

  it('keeps strict a transaction that stores nothing', () => {
    expect(settleDurability([])).toBe('strict');
  });
});
