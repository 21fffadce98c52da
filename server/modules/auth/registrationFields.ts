/** The registration form's text fields, as the multipart body names them (the ID file is read apart). */
export const REGISTRATION_FIELDS = [
  'full_name',
  'email',
  'contact_number',
  'password',
  'confirm_password',
  'role',
  'department_id',
] as const;
export type RegistrationFields = Partial<Record<(typeof REGISTRATION_FIELDS)[number], string>>;
