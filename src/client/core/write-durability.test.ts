import { describe, expect, it } from 'vitest';
import { settleDurability } from './write-durability';

const receipt = { kind: 'receipt' } as const;
const event = { kind: 'event' } as const;

describe('settleDurability', () => {
  it('relaxes a transaction that only stores receipts', () => {
    expect(settleDurability([receipt, receipt], false)).toBe('relaxed');
  });

  it('keeps strict a transaction that claims the next batch, whatever it stores', () => {
    expect(settleDurability([receipt, receipt], true)).toBe('strict');
  });

  it('keeps strict a transaction that stores anything but a receipt', () => {
    expect(settleDurability([receipt, event], false)).toBe('strict');
    expect(settleDurability([event], false)).toBe('strict');
  });

  it('keeps strict a transaction that stores nothing', () => {
    expect(settleDurability([], false)).toBe('strict');
  });
});
