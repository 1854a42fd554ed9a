/**
 * The API's field errors keep zod's English words although the schemas are `zod/mini` (which sets
 * no locale): this file imports no classic zod, as a server built only on the protocol would not.
 */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { BatchBody, OperationBody, SessionRequest } from './schemas';

const errorsOf = (schema: { safeParse(v: unknown): { error?: unknown } }, value: unknown) => {
  const { error } = schema.safeParse(value);
  if (!error) throw new Error('accepted');
  return fieldErrors(error as Parameters<typeof fieldErrors>[0]);
};

describe('field errors', () => {
  it('say what is wrong in zod’s English words, and the contract’s own where it has them', () => {
    expect(errorsOf(SessionRequest, { username: '', password: 5 })).toEqual([
      { path: 'username', message: 'Too small: expected string to have >=1 characters' },
      { path: 'password', message: 'Invalid input: expected string, received number' },
    ]);
    expect(errorsOf(BatchBody, { operations: 'x', more: 1 })).toEqual([
      { path: 'operations', message: 'Invalid input: expected array, received string' },
      { path: '(body)', message: 'Unrecognized key: "more"' },
    ]);
    expect(
      errorsOf(OperationBody, {
        id: 'L1.1',
        createdAt: 'yesterday',
        op: { type: 'adjust', itemId: 'a', delta: 1.5, reason: 'x', note: 'a\u0000b' },
      }),
    ).toEqual([
      { path: 'createdAt', message: 'Invalid ISO datetime' },
      { path: 'op.delta', message: 'Invalid input: expected int, received number' },
      {
        path: 'op.reason',
        message:
          'Invalid option: expected one of "received"|"sold"|"damaged"|"returned"|"correction"|"transfer"',
      },
      { path: 'op.note', message: 'must not contain control characters' },
    ]);
    expect(errorsOf(OperationBody, { id: 'L1.1', op: { type: 'nope' } })).toEqual([
      {
        path: 'op.type',
        message:
          "Invalid discriminator value. Expected 'adjust' | 'count' | 'createItem' | 'updateItem' | 'archiveItem' | 'transfer' | 'createPlace' | 'updatePlace' | 'archivePlace' | 'startStocktake' | 'stocktakeCount' | 'applyStocktake' | 'cancelStocktake'",
      },
    ]);
  });
});
