import { describe, expect, it } from 'vitest';
import { registrationForm, sanitizeCode, typedContact } from '../../core/auth/rules';
import { addPersonnelForm, addUserForm, editUserForm, profileForm } from '../../core/accounts/forms';
import { firstError } from '../../core/common/forms';
import { sniffFileKind } from '../../core/files';
import { formatMB, plural } from '../../core/format';
import { MSG } from '../../core/messages';

const firstRegistrationError = (input: object) => firstError(registrationForm, input);

const valid = {
  full_name: 'Ana Cruz',
  email: 'ana@campus.test',
  contact_number: '09170000000',
  password: 'secret1',
  confirm_password: 'secret1',
  role: 'student',
  id_file: { size: 1000, kind: 'png' },
};

describe('registration validation (docs/product.md, docs/decisions/form-checks.md)', () => {
  it('accepts a complete registration', () => {
    expect(firstRegistrationError(valid)).toBeNull();
  });

  it('reports only the first failure, in the spec order', () => {
    expect(firstRegistrationError({})).toBe(MSG.fullNameRequired);
    expect(firstRegistrationError({ ...valid, full_name: '  ', email: '' })).toBe(MSG.fullNameRequired);
    expect(firstRegistrationError({ ...valid, email: '', contact_number: '' })).toBe(MSG.emailRequired);
    expect(firstRegistrationError({ ...valid, email: 'not-an-email' })).toBe(MSG.emailInvalid);
    expect(firstRegistrationError({ ...valid, contact_number: '', password: '' })).toBe(MSG.contactRequired);
    expect(firstRegistrationError({ ...valid, password: '', role: '' })).toBe(MSG.passwordRequired);
    expect(firstRegistrationError({ ...valid, password: 'abc', confirm_password: 'abc' })).toBe(MSG.passwordTooShort);
    expect(firstRegistrationError({ ...valid, confirm_password: 'other1', role: '' })).toBe(MSG.passwordsDoNotMatch);
    expect(firstRegistrationError({ ...valid, role: 'admin', id_file: null })).toBe(MSG.roleRequired);
    expect(firstRegistrationError({ ...valid, id_file: null })).toBe(MSG.idFileRequired);
    expect(firstRegistrationError({ ...valid, id_file: { size: 10, kind: 'gif' } })).toBe(MSG.idFileType);
    expect(firstRegistrationError({ ...valid, id_file: { size: 10, kind: null } })).toBe(MSG.idFileType);
    expect(firstRegistrationError({ ...valid, id_file: { size: 5 * 1024 * 1024, kind: 'pdf' } })).toBe(MSG.idFileSize);
    expect(firstRegistrationError({ ...valid, id_file: { size: 5 * 1024 * 1024 - 1, kind: 'jpeg' } })).toBeNull();
  });
});

describe('verification code helpers', () => {
  it("says the attempts remaining in the message (the screen reads the number from the error code's attemptsLeft)", () => {
    expect(MSG.wrongCode(3)).toBe('Invalid verification code. 3 attempts remaining.');
  });
  it('keeps digits only, at most six', () => {
    expect(sanitizeCode('12a3-45 678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
});

describe('contact number as typed in settings', () => {
  it('drops anything but digits at once, keeping a leading +', () => {
    expect(typedContact('0917-abc-555')).toBe('0917555');
    expect(typedContact('+63 917 123 4567')).toBe('+639171234567');
    expect(typedContact('09+17')).toBe('0917');
  });
});

describe('file checks by content', () => {
  it('recognises JPEG, PNG, GIF and PDF by their bytes, not their names', () => {
    expect(sniffFileKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFileKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffFileKind(new TextEncoder().encode('GIF89a...'))).toBe('gif');
    expect(sniffFileKind(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(sniffFileKind(new TextEncoder().encode('<html>'))).toBeNull();
  });
  it('counts in words, singular for exactly one', () => {
    expect([plural(0, 'item'), plural(1, 'item'), plural(2, 'day')]).toEqual(['0 items', '1 item', '2 days']);
  });
  it('shows sizes in MB with two decimals', () => {
    expect(formatMB(1024 * 1024 * 2.5)).toBe('2.50 MB');
    expect(formatMB(1000)).toBe('0.00 MB');
  });
});

describe('registration limits', () => {
  const valid = {
    full_name: 'Rosa Dizon',
    email: 'rosa@campus.test',
    contact_number: '+639170000000',
    password: 'rosa123',
    confirm_password: 'rosa123',
    role: 'student',
    id_file: { kind: 'png', size: 100 },
  };
  it('keeps a contact number written with spaces, dashes and brackets as its digits', () => {
    expect(registrationForm.parse({ ...valid, contact_number: '+63 (917) 123-4567' }).contact_number).toBe('+639171234567');
  });
  it('refuses letters in a contact number with the same words in every form, never dropping them silently', () => {
    const person = { fullName: 'Rosa Dizon', email: 'rosa@campus.test', contactNumber: 'abc' };
    expect(firstError(registrationForm, { ...valid, contact_number: 'abc' })).toBe(MSG.contactInvalid);
    expect(firstError(addUserForm, { ...person, kind: 'student' })).toBe(MSG.contactInvalid);
    expect(firstError(addPersonnelForm, { ...person, password: 'secret1', jobType: 'plumber' })).toBe(MSG.contactInvalid);
    expect(firstError(editUserForm, person)).toBe(MSG.contactInvalid);
    expect(firstError(profileForm, person)).toBe(MSG.contactInvalid);
    expect(firstError(addUserForm, { ...person, kind: 'faculty', contactNumber: '0917 123 4567' })).toBeNull();
    expect(firstError(registrationForm, { ...valid, contact_number: '0917+123' })).toBe(MSG.contactInvalid);
  });
  it('refuses over-long names and emails and malformed numbers in the spec’s words', () => {
    expect(firstError(registrationForm, valid)).toBeNull();
    expect(firstError(registrationForm, { ...valid, full_name: 'x'.repeat(101) })).toBe(MSG.fullNameTooLong);
    expect(firstError(registrationForm, { ...valid, email: `${'x'.repeat(250)}@campus.test` })).toBe(MSG.emailTooLong);
    expect(firstError(registrationForm, { ...valid, contact_number: '12ab' })).toBe(MSG.contactInvalid);
    expect(firstError(registrationForm, { ...valid, contact_number: '123' })).toBe(MSG.contactInvalid);
  });
});
