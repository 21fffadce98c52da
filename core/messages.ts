/**
 * The product's wording, from the specification. Server and browser both say these texts,
 * so each lives here once.
 */
export const MSG = {
  // registration (spec 000 section 5), in validation order
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  contactRequired: 'Contact number is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  roleRequired: 'Please select a role',
  idFileRequired: 'Please upload your ID for verification',
  idFileType: 'Please upload a valid image (JPEG, PNG) or PDF file',
  idFileSize: 'File size must be less than 5MB',
  emailTaken: 'An account with this email already exists',
  registrationSuccess:
    'Registration successful! Your account is pending admin verification. You will be notified once approved.',
  registrationFailed: 'Registration failed',
  networkError: 'Network error. Please try again.',

  // login
  loginFailed: 'Login Failed',
  invalidCredentials: 'Invalid credentials',
  loginSuccess: 'Login Successful',
  connectionError: 'Connection Error',
  unableToConnect: 'Unable to connect to server. Please try again.',
  pendingApproval:
    'Your account is pending admin approval. Approval of a submitted ID usually takes 1-2 business days.',
  accountPendingTitle: 'Account Pending Approval',
  accountRejected: 'Your registration was not approved. Please contact the General Services Office.',
  emailNotVerified: 'email_not_verified',
  wrongPortal: 'This account cannot sign in here. Please use the sign-in page for your role.',
  tooManyLogins: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',

  // verification
  invalidCodeTitle: 'Invalid Code',
  invalidCodeMessage: 'Please enter a 6-digit verification code',
  verificationFailed: 'Verification Failed',
  unableToVerify: 'Unable to verify email. Please try again.',
  failedToSend: 'Failed to Send',
  unableToSend: 'Unable to send verification code. Please try again.',
  emailVerified: 'Email Verified!',
  codeSent: 'Code Sent!',
  codeExpired: 'Verification code has expired. Please request a new code.',
  noAttemptsLeft: 'Too many incorrect attempts. Please request a new code.',
  wrongCode: (remaining: number) => `Invalid verification code. ${remaining} attempts remaining.`,
  noPendingVerification: 'There is no pending verification for this email. Please sign in again.',

  // password change
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter a new password',
  newPasswordMismatch: 'New password and confirm password do not match',
  newPasswordTooShort: 'New password must be at least 6 characters long.',
  currentPasswordWrong: 'Current password is incorrect',

  // maintenance and 404
  maintenanceTitle: 'Website Under Maintenance',
  maintenanceCode: 'ERROR 800',
  maintenanceApi: 'The site is under maintenance. Please try again later.',
  notFoundTitle: 'Oops! Page not found',

  // generic API errors
  signInRequired: 'Please sign in to continue.',
  notAllowed: 'You are not allowed to do this.',
  notFound: 'Not found.',
  tooLarge: 'The upload is too large.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  invalidInput: 'Some of the information sent is not valid.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
