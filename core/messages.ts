/**
 * The product's wording, from the specification. Server and browser both say these texts,
 * so each lives here once.
 */
import { plural } from './format';

export const MSG = {
  // registration (spec 000 section 5), in validation order
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  contactRequired: 'Contact number is required',
  contactInvalid: 'Please enter a valid contact number (7 to 15 digits, optionally starting with +)',
  fullNameTooLong: 'Full name must be at most 100 characters long',
  emailTooLong: 'Email must be at most 254 characters long',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordBlank: 'Password cannot be only spaces',
  passwordsDoNotMatch: 'Passwords do not match',
  roleRequired: 'Please select a role',
  idFileRequired: 'Please upload your ID for verification',
  idFileType: 'Please upload a valid image (JPEG, PNG) or PDF file',
  idFileSize: 'File size must be less than 5MB',
  idFileActiveContent:
    'This PDF contains scripts, attached files or automatic actions, which are not accepted. Please upload a photo of your ID (JPEG, PNG) or a plain scanned PDF.',
  emailTaken: 'An account with this email already exists',
  registrationSuccess: 'Registration successful! Your account is pending admin verification. You will be notified once approved.',
  registrationFailed: 'Registration failed',
  networkError: 'Network error. Please try again.',

  // user management (spec 001)
  registrationNotFound: 'Registration not found.',
  alreadyDecided: (status: string) => `This registration was already ${status}.`,
  noIdFile: 'This user has not submitted an ID for verification',

  // login
  loginFailed: 'Login Failed',
  invalidCredentials: 'Invalid credentials',
  loginSuccess: 'Login Successful',
  connectionError: 'Connection Error',
  unableToConnect: 'Unable to connect to server. Please try again.',
  pendingApproval: 'Your account is pending admin approval. Approval of a submitted ID usually takes 1-2 business days.',
  accountPendingTitle: 'Account Pending Approval',
  accountRejected: 'Your registration was not approved. Please contact the General Services Office.',
  emailNotVerified: 'email_not_verified',
  wrongPortal: 'This account cannot sign in here. Please use the sign-in page for your role.',
  tooManyLogins: (minutes: number) => `Too many failed sign-in attempts. Please try again in ${plural(minutes, 'minute')}.`,

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
  wrongCode: (remaining: number) => `Invalid verification code. ${plural(remaining, 'attempt')} remaining.`,
  tooManyCodes: (minutes: number) => `Too many verification codes were tried. Please try again in ${plural(minutes, 'minute')}.`,
  tooManyCodeMails: (minutes: number) => `Too many codes were sent. Please try again in ${plural(minutes, 'minute')}.`,
  resendTooSoon: (seconds: number) => `A code was just sent. You can request a new one in ${plural(seconds, 'second')}.`,
  noPendingVerification: 'There is no pending verification for this email. Please sign in again.',

  // password change
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter a new password',
  newPasswordMismatch: 'New password and confirm password do not match',
  newPasswordTooShort: 'New password must be at least 6 characters long.',

  // borrowing: the borrow form (spec 000 s5)
  borrowRequiredFields: 'Please fill in all required fields and add items to cart',
  borrowInvalidDate: 'Please enter the dates as calendar dates (YYYY-MM-DD).',
  dateNeededPast: 'The date needed cannot be in the past.',
  returnBeforeNeeded: 'The expected return date cannot be before the date needed.',
  duplicateCartItem: 'Each item can be in a request only once; change its quantity instead.',
  quantityAtLeastOne: 'Each item needs a quantity of at least 1.',
  itemNotAvailableTitle: 'Item Not Available',
  itemNotAvailable: (status: string) => `This item is currently ${status} and cannot be borrowed.`,
  itemNotInInventory: (name: string) => `${name} is no longer in the inventory. Please remove it from your cart.`,
  accessRestrictedTitle: 'Access Restricted',
  electricalFacultyOnly: 'Only Faculty members can borrow electrical items.',
  quantityOverStock: (name: string, available: number) =>
    `Only ${available} ${name} ${available === 1 ? 'is' : 'are'} in stock. Please request between 1 and ${available}.`,
  requestSubmitted: 'Request Submitted Successfully',
  errorSubmittingRequest: 'Error submitting request. Please try again.',
  printReceipt: 'Print Receipt',

  // borrowing: My Requests (spec 000 s2, s8)
  noRequestsFound: 'No requests found',
  cancelConfirm: 'Are you sure you want to cancel this request?',
  requestCancelled: 'Request cancelled successfully!',
  awaitingVerification: 'Awaiting verification',
  itemHasBeenReturned: 'Item has been returned',
  unreturnedBanner: (n: number) =>
    `You have ${plural(n, 'borrowed item')} not yet returned. Please return ${n === 1 ? 'it' : 'them'} on the expected return date.`,
  proofRequiredTitle: 'Proof Required',
  proofRequired: 'Proof Required: Please upload a photo of the returned items.',
  proofInvalidType: 'Invalid File Type: Please upload a JPEG, PNG, or GIF image.',
  proofTooLarge: 'File Too Large: Please upload an image smaller than 5MB.',
  noProof: 'No Proof Available: No proof image was uploaded for this return.',
  returnSubmitted: 'Return submitted. The office will verify it shortly.',
  failedToReturn: 'Failed to return item',

  // borrowing: office side (spec 001 s5, s8; spec 002 s5, s8)
  requestNotFound: 'Request not found.',
  selectItemsToApprove: 'Please select items to approve',
  itemNotInRequest: 'One of the selected items is not part of this request.',
  /** The reason a rejection without one gets: it names the office role that rejected. */
  defaultRejectReason: (role: string) => (role === 'personnel' ? 'Request rejected by GSO personnel' : 'Request rejected by admin'),
  stockShort: (name: string, onHand: number, wanted: number) =>
    `Not enough ${name} in stock to approve: ${wanted} requested, ${onHand} on hand. Untick it or reject the request.`,
  itemGoneFromInventory: (name: string) => `${name} is no longer in the inventory. Untick it to approve the rest.`,
  requestApproved: 'Request approved successfully!',
  requestRejected: 'Request rejected successfully!',
  requestCompleted: 'Request marked as completed successfully!',
  returnNotAccepted: 'User notified that return was not accepted!',
  reminderSent: 'Reminder Sent!',
  reminderFailed: 'Reminder Failed',
  markReturnedConfirm: 'Are you sure you want to mark these items as returned?',
  itemsMarkedReturned: 'Items marked as returned successfully!',
  noRecordsFound: 'No records found',
  deletedUser: 'Deleted user',

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
  registrationsClosed:
    'Registration is closed for now because the server is low on storage. Please try again later or contact the GSO office.',
  registrationsBusy: 'Too many registrations are arriving right now. Please try again in an hour.',
  tooManyRegistrations: 'Too many registrations from your network. Please try again in an hour.',
  purposeTooLong: 'Purpose must be at most 1000 characters long',
  sessionEnded: 'Your session has ended. Please sign in again to continue where you left off.',
  shortLinesSelected: (names: string[]) =>
    `Not enough on hand for ${names.join(', ')}: untick ${names.length === 1 ? 'it' : 'them'} to approve the rest, or wait for the stock.`,
  crossSite: 'This request did not come from the Campus GSO site.',
  jsonOnly: 'Send the request as JSON (or a form upload where a file is sent).',
  invalidInput: 'Some of the information sent is not valid.',
  malformedUpload:
    'The form could not be read: it was cut short or is not valid multipart/form-data. Please choose the file and send the form again.',
  badUrl: 'This address is not valid.',
  urlPartTooLong: 'A part of this address is too long.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
