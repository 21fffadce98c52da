import { describe, expect, it } from 'vitest';
import { firstError } from '../../core/common/forms';
import { buildingCodeOf, buildingForm, roomCodeOf, roomForm, tidyName, uniqueCode } from '../../core/locations/rules';
import { MSG } from '../../core/messages';

/** The locations' form rules and made-up codes (docs/decisions/locations.md). */
describe('locations rules', () => {
  it('answers the first failure in the form order', () => {
    expect(firstError(buildingForm, {})).toBe(MSG.buildingCodeRequired);
    expect(firstError(buildingForm, { code: 'SCI', name: ' ' })).toBe(MSG.buildingNameRequired);
    expect(firstError(buildingForm, { code: 'S C', name: '' })).toBe(MSG.buildingCodeInvalid(10));
    expect(firstError(buildingForm, { code: 'SCI', name: 'Science', notes: null })).toBeNull();
    expect(firstError(roomForm, { code: '', name: '' })).toBe(MSG.roomBuildingRequired);
    expect(firstError(roomForm, { buildingId: 1.5, code: 'A', name: 'B' })).toBe(MSG.roomBuildingRequired);
    expect(firstError(roomForm, { buildingId: 1, code: '', name: '' })).toBe(MSG.roomCodeRequired);
    expect(firstError(roomForm, { buildingId: 1, code: 'A', name: 'B', floor: 'x'.repeat(21) })).toBe(MSG.floorTooLong(20));
    expect(firstError(roomForm, { buildingId: 1, code: 'SCI-101', name: 'Room 101', floor: '1st' })).toBeNull();
  });

  it('makes codes from names', () => {
    expect(tidyName('  Chem   Lab\t2 ')).toBe('Chem Lab 2');
    expect(buildingCodeOf('Administration Building')).toBe('AB');
    expect(buildingCodeOf('Gymnasium')).toBe('GYM');
    expect(buildingCodeOf('A B C D E F G H I J K L')).toBe('ABCDEFGHIJ');
    expect(roomCodeOf('AB', '  Room #105 ')).toBe('AB-ROOM-105');
    expect(roomCodeOf('AB', '***')).toBe('AB-ROOM');
    expect(roomCodeOf('AB', 'x'.repeat(80)).length).toBeLessThanOrEqual(27);
    expect(uniqueCode('AB', () => false)).toBe('AB');
  });
});
