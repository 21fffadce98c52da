import { describe, expect, it } from 'vitest';
import { fieldErrors, firstError } from '../../core/common/forms';
import { itemChanges } from '../../core/inventory/notices';
import { itemForm, stockLevel, stockStatus } from '../../core/inventory/rules';
import { MSG } from '../../core/messages';

describe('the stock rule (docs/product.md)', () => {
  it('is out of stock at 0 or less, low at or below the minimum, else in stock', () => {
    expect([stockStatus(0, 0), stockStatus(-1, 5), stockStatus(0, 3)]).toEqual(['out_of_stock', 'out_of_stock', 'out_of_stock']);
    expect([stockStatus(3, 3), stockStatus(1, 3), stockStatus(4, 3), stockStatus(1, 0)]).toEqual([
      'low_stock',
      'low_stock',
      'in_stock',
      'in_stock',
    ]);
    expect([stockLevel(0, 1), stockLevel(1, 1), stockLevel(2, 1)]).toEqual(['critical', 'low', 'good']);
  });
});

describe('the item form (docs/product.md, docs/decisions/form-checks.md)', () => {
  const valid = { name: 'Broom', description: null, category: 'Janitorial', quantity: 3, minStock: 1, itemStatus: 'available' };

  it('accepts a complete item, with or without a description', () => {
    expect(firstError(itemForm, valid)).toBeNull();
    expect(firstError(itemForm, { ...valid, description: undefined })).toBeNull();
  });

  it('says the first failure in the form order, and every field’s own failure for marking', () => {
    expect(firstError(itemForm, {})).toBe(MSG.itemNameRequired);
    expect(firstError(itemForm, { ...valid, category: 'Toys', quantity: -1 })).toBe(MSG.itemCategoryRequired);
    expect(firstError(itemForm, { ...valid, quantity: 2.5 })).toBe(MSG.itemQuantityInvalid);
    expect(firstError(itemForm, { ...valid, minStock: -1 })).toBe(MSG.itemMinStockInvalid);
    expect(firstError(itemForm, { ...valid, itemStatus: 'gone' })).toBe(MSG.itemStatusInvalid);
    expect(fieldErrors(itemForm, { ...valid, name: ' ', quantity: undefined, minStock: 2_000_000 })).toEqual({
      name: MSG.itemNameRequired,
      quantity: MSG.itemQuantityInvalid,
      minStock: MSG.itemAmountTooLarge,
    });
  });

  it('writes what an edit changed', () => {
    const before = { name: 'Broom', description: null, category: 'Janitorial', quantity: 3, minStock: 1, itemStatus: 'available' };
    expect(itemChanges(before, { ...before })).toEqual([]);
    expect(itemChanges(before, { ...before, quantity: 5, itemStatus: 'damaged', description: 'x' })).toEqual([
      'quantity 3 → 5',
      'status available → damaged',
      'description',
    ]);
  });
});
