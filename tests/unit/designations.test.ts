import { describe, expect, it } from 'vitest';
import { firstError } from '../../core/common/forms';
import { cleanDesignation, DESIGNATION_MAX, designationForm } from '../../core/designations/rules';
import { MSG } from '../../core/messages';

describe('designation text (docs/product.md)', () => {
  it('is trimmed, and empty text is ignored by the card', () => {
    expect(cleanDesignation('  Library  ')).toBe('Library');
    expect(cleanDesignation('   ')).toBeNull();
    expect(cleanDesignation('')).toBeNull();
  });

  it('is refused by the server when empty or too long', () => {
    expect(firstError(designationForm, { designation: '  ' })).toBe(MSG.designationRequired);
    expect(firstError(designationForm, {})).toBe(MSG.designationRequired);
    expect(firstError(designationForm, { designation: 'x'.repeat(DESIGNATION_MAX + 1) })).toBe(MSG.designationTooLong(DESIGNATION_MAX));
    expect(firstError(designationForm, { designation: ` ${'x'.repeat(DESIGNATION_MAX)} ` })).toBeNull();
  });
});
