/** Demo data for an empty database (DEMO=1): two users and a small shop on shelves A–D. */
import { randomUUID } from 'node:crypto';
import { hashPassword } from './passwords';
import type { NewItem, Store } from './store/store';

export const DEMO_ITEMS: NewItem[] = [
  // A few carry in-store EAN-13 barcodes (prefix 200) and low-stock thresholds, so scanning and
  // the low-stock list have something to show; two are at or below their threshold.
  {
    id: 'lamp-14',
    sku: 'LMP-014',
    name: 'Desk lamp, brass',
    location: 'A1',
    quantity: 12,
    barcode: '2000014000148',
    lowStockThreshold: 5,
  },
  {
    id: 'lamp-15',
    sku: 'LMP-015',
    name: 'Floor lamp, linen shade',
    location: 'A1',
    quantity: 4,
    barcode: '2000015000154',
    lowStockThreshold: 5,
  },
  {
    id: 'bulb-e27',
    sku: 'BLB-E27-8W',
    name: 'LED bulb E27 8 W',
    location: 'A2',
    quantity: 140,
    barcode: '2000002700081',
    lowStockThreshold: 40,
  },
  { id: 'bulb-gu10', sku: 'BLB-GU10-5W', name: 'LED spot GU10 5 W', location: 'A2', quantity: 96 },
  {
    id: 'cable-3m',
    sku: 'CBL-3M-WHT',
    name: 'Extension cable 3 m, white',
    location: 'A3',
    quantity: 25,
  },
  { id: 'mug-blue', sku: 'MUG-STN-BLU', name: 'Stoneware mug, blue', location: 'B1', quantity: 36 },
  { id: 'mug-sand', sku: 'MUG-STN-SND', name: 'Stoneware mug, sand', location: 'B1', quantity: 30 },
  { id: 'plate-26', sku: 'PLT-26-WHT', name: 'Dinner plate 26 cm', location: 'B2', quantity: 48 },
  { id: 'bowl-15', sku: 'BWL-15-WHT', name: 'Cereal bowl 15 cm', location: 'B2', quantity: 52 },
  {
    id: 'glass-tumbler',
    sku: 'GLS-TMB-35',
    name: 'Tumbler glass 35 cl',
    location: 'B3',
    quantity: 64,
  },
  { id: 'towel-tea', sku: 'TWL-TEA-LIN', name: 'Linen tea towel', location: 'C1', quantity: 40 },
  {
    id: 'cushion-olive',
    sku: 'CSH-45-OLV',
    name: 'Cushion cover 45 cm, olive',
    location: 'C1',
    quantity: 18,
  },
  {
    id: 'throw-wool',
    sku: 'THR-WOOL-GRY',
    name: 'Wool throw, grey',
    location: 'C2',
    quantity: 9,
    lowStockThreshold: 10,
  },
  {
    id: 'candle-cedar',
    sku: 'CDL-CEDAR-200',
    name: 'Scented candle, cedar',
    location: 'C3',
    quantity: 27,
  },
  {
    id: 'candle-fig',
    sku: 'CDL-FIG-200',
    name: 'Scented candle, fig',
    location: 'C3',
    quantity: 21,
  },
  { id: 'vase-small', sku: 'VSE-S-CLR', name: 'Glass vase, small', location: 'D1', quantity: 14 },
  { id: 'vase-large', sku: 'VSE-L-CLR', name: 'Glass vase, large', location: 'D1', quantity: 6 },
  {
    id: 'frame-a4',
    sku: 'FRM-A4-OAK',
    name: 'Picture frame A4, oak',
    location: 'D2',
    quantity: 22,
  },
  {
    id: 'frame-a3',
    sku: 'FRM-A3-OAK',
    name: 'Picture frame A3, oak',
    location: 'D2',
    quantity: 11,
  },
  {
    id: 'basket-seagrass',
    sku: 'BSK-SEA-M',
    name: 'Seagrass basket, medium',
    location: 'D3',
    quantity: 8,
  },
];

/**
 * Seeds an empty database once, also when several processes start on it together (WORKERS=n):
 * the unique user name decides which process seeds; the others find the name taken and leave it.
 */
export async function seedDemo(store: Store, now: number, passwordCost: number): Promise<boolean> {
  if ((await store.countUsers()) > 0) return false;
  for (const [name, role] of [
    ['demo', 'staff'],
    ['manager', 'manager'],
  ] as const) {
    const inserted = await store.insertUser({
      id: randomUUID(),
      name,
      role,
      passwordHash: await hashPassword(name, passwordCost),
    });
    if (!inserted) return false; // another process got there first and seeds the rest
  }
  await store.seedItems(DEMO_ITEMS, now);
  return true;
}
