/**
 * The product's wording, from the specification. Server and browser both say these texts,
 * so each lives here once.
 */
import { MAX_IMAGE_SIDE, MAX_PDF_PAGES } from './files';
import { plural } from './format';

/** A person's repairs that are not finished, each status counted under its own name. */
export type OpenRepairs = { scheduled: number; inProgress: number };
const openRepairs = ({ scheduled, inProgress }: OpenRepairs, whose: string) => {
  if (scheduled + inProgress === 1) return `a repair ${whose} is ${scheduled ? 'scheduled' : 'in progress'}`;
  if (!scheduled || !inProgress) return `${scheduled + inProgress} repairs ${whose} are ${scheduled ? 'scheduled' : 'in progress'}`;
  return `repairs ${whose} are open (${scheduled} scheduled, ${inProgress} in progress)`;
};

/**
 * What a borrower still has out, as two figures with one meaning each (docs/decisions/unreturned-items.md): units
 * not yet returned (lent and not handed back: the borrower's to bring) and returned units waiting for the office's
 * check (handed back, not yet verified: the stock is still out). My Requests and every refusal say them alike.
 */
export type UnitsOut = { notReturned: number; awaitingCheck: number };
const unitsOut = ({ notReturned, awaitingCheck }: UnitsOut) =>
  [
    notReturned ? `${plural(notReturned, 'borrowed item')} not yet returned` : '',
    awaitingCheck ? `${plural(awaitingCheck, 'returned item')} waiting for the office’s check` : '',
  ]
    .filter(Boolean)
    .join(' and ');

export const MSG = {
  // registration (docs/product.md, docs/decisions/form-checks.md), in validation order
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
  pdfTooManyPages: `PDFs must be at most ${MAX_PDF_PAGES} pages. Please upload only the pages of your ID.`,
  pdfPassword: 'This PDF is protected by a password. Please upload a PDF without a password, or a photo of your ID (JPEG, PNG).',
  pdfUnreadable: 'This PDF could not be read. Please upload a photo of your ID (JPEG, PNG) or another PDF.',
  emailTaken: 'An account with this email already exists',
  registrationSuccess: 'Registration successful! Your account is pending admin verification. You will be notified once approved.',
  registrationFailed: 'Registration failed',
  networkError: 'Network error. Please try again.',

  // user management (docs/product.md)
  allFieldsRequired: 'All fields are required',
  jobTypeRequired: 'Please choose a job type',
  userAdded: 'User added successfully!',
  personnelAdded: 'Personnel added successfully',
  registrationNotFound: 'Registration not found.',
  alreadyDecided: (status: string) => `This registration was already ${status}.`,
  noIdFile: 'This user has not submitted an ID for verification',

  // settings (docs/product.md, docs/decisions/form-checks.md)
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter a new password',
  newPasswordTooShort: 'New password must be at least 6 characters long.',
  newPasswordTooLong: 'New password must be at most 128 characters long.',
  newPasswordMismatch: 'New password and confirm password do not match',
  currentPasswordWrong: 'Your current password is incorrect.',
  tooManyPasswordTries: 'Too many incorrect current passwords. Please try again in 15 minutes.',
  deleteAccountConfirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  accountHasLoans: (out: UnitsOut) =>
    `Your account cannot be deleted while you have ${unitsOut(out)}. ${out.notReturned ? 'Return the borrowed items first.' : 'Try again once the office has checked them.'}`,
  accountHasRepairs: (open: OpenRepairs) => `Your account cannot be deleted while ${openRepairs(open, 'you reported or were assigned')}.`,
  accountDeleted: 'Your account has been deleted.',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  emailChangedVerify: 'Profile updated. Your new email address will be verified the next time you sign in.',

  // forgotten password (beyond the spec)
  resetLinkSent: 'If an account uses that email, we have sent it a link to set a new password. The link works for 30 minutes, once.',
  resetLinkInvalid: 'This link has expired or was already used. Please ask for a new one.',
  passwordReset: 'Your password has been changed. You can sign in with it now.',
  tooManyResets: 'Too many reset requests. Please try again later.',

  // login
  loginFailed: 'Login Failed',
  invalidCredentials: 'Invalid credentials',
  loginSuccess: 'Login Successful',
  connectionError: 'Connection Error',
  unableToConnect: 'Unable to connect to server. Please try again.',
  pendingApproval: 'Your account is pending admin approval. Approval of a submitted ID usually takes 1-2 business days.',
  accountPendingTitle: 'Account Pending Approval',
  accountRejected: 'Your registration was not approved. Please contact the General Services Office.',
  accountDeactivated: 'This account has been deactivated. Please contact the General Services Office to have it reactivated.',
  emailNotVerified: 'email_not_verified',
  passwordSignInOff: (name: string) => `Password sign-in is turned off for this account. Please use Sign in with ${name}.`,
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
  verificationLockedTitle: 'Verification paused',
  tooManyCodes: (minutes: number) => `Too many verification codes were tried. Please try again in ${plural(minutes, 'minute')}.`,
  tooManyCodeMails: (minutes: number) => `Too many codes were sent. Please try again in ${plural(minutes, 'minute')}.`,
  resendTooSoon: (seconds: number) => `A code was just sent. You can request a new one in ${plural(seconds, 'second')}.`,
  noPendingVerification: 'There is no pending verification for this email. Please sign in again.',

  // borrowing: the borrow form (docs/product.md, docs/decisions/form-checks.md)
  borrowRequiredFields: 'Please fill in all required fields and add items to cart',
  borrowInvalidDate: 'Please enter the dates as calendar dates (YYYY-MM-DD).',
  dateNeededPast: 'The date needed cannot be in the past.',
  returnBeforeNeeded: 'The expected return date cannot be before the date needed.',
  // The office calendar (docs/decisions/office-calendar.md)
  officeClosedFor: (date: string, closure: string) => `The office is closed on ${date} (${closure}). Please choose another date.`,
  officeClosedOnWeekday: (date: string, weekday: string) =>
    `The office is closed on ${weekday}s: ${date} is a ${weekday}. Please choose another date.`,
  officeClosedEveryDay: 'Closed',
  officeTimeInvalid: 'Enter the time as HH:MM, for example 08:00.',
  officeClosesBeforeOpening: 'The closing time must be after the opening time.',
  closureNameRequired: 'Closure name is required',
  closureNameTooLong: (max: number) => `Closure name must be at most ${max} characters`,
  closureDateInvalid: 'Enter the dates as real calendar dates.',
  closureEndsBeforeStart: 'The last day cannot be before the first day.',
  closureTooLong: (days: number) => `A closure can last at most ${days} days.`,
  officeHoursSaved: 'Office hours saved.',
  closureAdded: (name: string) => `Closure added: ${name}.`,
  closureRemoved: (name: string) => `Closure removed: ${name}.`,
  closureNotFound: 'That closure no longer exists.',
  // Repair deadlines (docs/decisions/repair-deadlines.md)
  repairTargetInvalid: (hours: number, days: number) =>
    `Enter each target as a whole number: 1 to ${hours} working hours, or 1 to ${days} working days.`,
  repairTargetsSaved: 'Repair targets saved.',
  holdReasonRequired: 'Say why the work is on hold.',
  holdReasonTooLong: (max: number) => `The reason must be at most ${max} characters.`,
  repairPutOnHold: 'The report is on hold.',
  repairResumed: 'Work on the report has resumed.',
  repairAlreadyOnHold: 'This report is already on hold.',
  repairNotOnHold: 'This report is not on hold.',
  repairCompletedNoHold: 'A completed report cannot be put on hold.',
  repairOnHold: (reason: string) => `This report is on hold (${reason}). Resume it first.`,
  duplicateCartItem: 'Each item can be in a request only once; change its quantity instead.',
  quantityInvalid: 'Quantity must be a whole number, 1 or more',
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

  // borrowing: My Requests (docs/product.md)
  noRequestsFound: 'No requests found',
  cancelConfirm: 'Are you sure you want to cancel this request?',
  requestCancelled: 'Request cancelled successfully!',
  awaitingVerification: 'Awaiting verification',
  itemHasBeenReturned: 'Item has been returned',
  unreturnedBanner: (n: number) =>
    `You have ${plural(n, 'borrowed item')} not yet returned. Please return ${n === 1 ? 'it' : 'them'} on the expected return date.`,
  returnsAwaitingCheck: (n: number) => `${plural(n, 'returned item')} ${n === 1 ? 'is' : 'are'} waiting for the office’s check.`,
  proofRequiredTitle: 'Proof Required',
  proofRequired: 'Proof Required: Please upload a photo of the returned items.',
  proofInvalidType: 'Invalid File Type: Please upload a JPEG, PNG, or GIF image.',
  proofTooLarge: 'File Too Large: Please upload an image smaller than 5MB.',
  noProof: 'No Proof Available: No proof image was uploaded for this return.',
  returnSubmitted: 'Return submitted. The office will verify it shortly.',
  partReturnSubmitted: 'Return submitted. The office will verify what you brought back; the rest is still out.',
  returnVerified: 'Return verified. The rest of the request is still out.',
  counterReturnRecorded: 'Return recorded.',
  returnSelectionInvalid: 'What is returned is not in the expected form: { items: [{ lineId, quantity }], units: [asset tags] }.',
  failedToReturn: 'Failed to return item',

  // borrowing: office side (docs/product.md, docs/decisions/form-checks.md)
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
  /** The office's name where the site settings give none: the reporter of repairs opened by damage at a return. */
  officeDefaultName: 'General Services Office',
  /** Who the Activity Log and the bell name for what an automatic job did (reminders, escalations, releases). */
  systemActor: 'Campus GSO (automatic)',

  // repairs (docs/product.md, docs/decisions/form-checks.md)
  repairMissingInformation: 'Missing Information: Please fill in all required fields.',
  repairInvalidTime: 'Please enter the times as HH:MM (24-hour).',
  repairEndBeforeStart: 'The end time must be after the start time.',
  repairBothTimes: 'Please give both a start and an end time, or neither.',
  repairInvalidDay: 'Please choose a day from Monday to Sunday.',
  repairFieldTooLong: (field: string, max: number) => `${field} must be at most ${max} characters long`,
  repairsFacultyOnly: 'Only faculty members can report repairs.',
  repairNotFound: 'Repair report not found.',
  /** A step of the person who had the job, after the office gave it to someone else (docs/decisions/offline-work.md). */
  repairAssignedElsewhere: 'The office has given this repair to someone else.',
  // following a report (docs/decisions/rooms-and-followers.md)
  repairFollowed: 'You are following this report: you will be told of its updates.',
  repairUnfollowed: 'You no longer follow this report.',
  followOwnReport: 'This is your own report: you are told of its updates already.',
  followOnlyOpen: 'This report is completed: only open reports can be followed.',
  alreadyReported: 'Already reported:',
  repairChangedMeanwhile: 'This report was changed by someone else meanwhile. Please refresh and try again.',
  repairPhotoRequired: 'Please choose a photo of the problem.',
  repairPhotoFailed: 'The report was sent, but its photo could not be attached. Open Edit to try the photo again.',
  noIssuePhoto: 'No photo of the problem was attached to this report.',
  repairSubmitted: 'Repair report submitted successfully!',
  submissionFailed: 'Submission Failed',
  errorSubmittingReport: 'Error submitting report. Please try again.',
  updateFailed: 'Update Failed',
  deleteFailed: 'Delete Failed',
  repairUpdated: 'Repair report updated successfully!',
  repairDeleted: 'Repair report deleted successfully!',
  repairEditConfirm: 'Save the changes to this repair report?',
  repairDeleteConfirm: 'Are you sure you want to delete this repair report? This action cannot be undone.',
  assignStatusAndPersonnel: 'Please choose a status and the assigned personnel.',
  notPersonnelAccount: 'Please choose a GSO personnel account for this report.',
  costInvalid: (field: string) => `${field} must be an amount in pesos, 0 or more, with at most two decimals`,
  actionCompleted: 'Action completed successfully',
  failedToCompleteAction: 'Failed to complete action',
  failedToFetchRepairs: 'Failed to fetch repair reports',
  markedCompleted: 'Repair report marked as completed successfully',
  markedInProgress: 'Repair report marked as in progress successfully',
  failedToMarkCompleted: 'Failed to mark as completed',
  noWorkProof: 'No Proof Available: No proof of work image found for this report',
  workDescriptionRequired: 'Please provide a work description',
  dateCompletedNotCompleted: 'Date Completed is set once the repair is completed',
  dateCompletedInFuture: 'Date Completed cannot be in the future',
  proofOfWorkRequired: 'Proof Required: Please upload a proof of work image',
  failedToUpdateReport: 'Failed to update report',
  failedToUpdateStatus: 'Failed to update repair status',
  noReportsFound: 'No reports found',
  loadingReports: 'Loading reports...',
  noWorkDescription: 'No work description provided',
  printOnlyCompleted: 'Only completed reports can be printed.',
  reportUpdated: 'Report updated successfully',
  ratingInvalid: 'Please choose a rating from 1 to 5 stars.',
  alreadyRated: 'You have already rated this repair.',
  ratingSaved: 'Thank you for rating this repair!',
  // inventory (docs/product.md, docs/decisions/form-checks.md)
  itemNameRequired: 'Item name is required',
  itemNameTooLong: 'Item name must be at most 100 characters long',
  itemCategoryRequired: 'Please choose a category: HVAC, Plumbing, Janitorial, Electrical or Maintenance',
  itemQuantityInvalid: 'Quantity must be a whole number, 0 or more',
  itemMinStockInvalid: 'Min stock must be a whole number, 0 or more',
  itemAmountTooLarge: 'Quantity and min stock can be at most 1,000,000',
  itemNameTaken: (name: string, category: string) => `An item named ${name} is already in ${category}. Edit that item instead.`,
  itemDescriptionTooLong: 'Description must be at most 1000 characters long',
  itemStatusInvalid: 'Item status must be available, unavailable or damaged',
  itemKindInvalid: 'Choose whether the item is lent or a supply',
  reorderLevelInvalid: 'Reorder level must be a whole number from 0, or empty',
  reorderQuantityInvalid: 'Reorder quantity must be a whole number from 0',
  itemNotFound: 'This item is no longer in the inventory.',
  itemOnLoan: (name: string, units: number) =>
    `${name} cannot be deleted: ${plural(units, 'unit')} ${units === 1 ? 'is' : 'are'} still out on loan. ` +
    `Delete it once ${units === 1 ? 'it is' : 'they are'} returned, or mark it unavailable meanwhile.`,
  itemAdded: 'Item added to inventory successfully',
  itemUpdated: 'Item updated successfully',
  itemStatusUpdated: 'Item status updated successfully',
  itemDeletedTitle: 'Deleted!',
  itemDeleted: 'Item removed from inventory successfully',
  itemPhotoSaved: 'Item photo saved',
  itemPhotoRemoved: 'Item photo removed',
  itemPhotoType: 'Invalid File Type: Please upload a JPEG, PNG, or GIF image.',
  itemPhotoTooLarge: 'File Too Large: Please upload an image smaller than 5MB.',
  itemPhotoRequired: 'Please choose a photo of the item.',
  noItemPhoto: 'This item has no photo.',
  failedToFetchItems: 'Failed to fetch inventory items',
  inventoryNetworkError: 'Network error: Failed to connect to server',
  failedToAddItem: 'Failed to add item',
  failedToUpdateItem: 'Failed to update item',
  failedToUpdateItemStatus: 'Failed to update item status',
  statusNetworkError: 'Network error: Failed to update item status',
  failedToDeleteItem: (reason: string) => `Failed to delete item: ${reason}`,
  inventoryEmpty: 'Inventory is empty',
  noItemsFound: 'No items found',

  // the weekly schedule (docs/product.md)
  scheduleLoadError: 'Error Loading Schedule',
  scheduleFetchFailed: 'Failed to fetch schedule data',
  scheduleAdded: 'Schedule added successfully',
  scheduleAddError: (message: string) => `Error adding schedule: ${message}`,
  scheduleMissingInformation: 'Please fill in all required fields.',
  scheduleInvalidWeek: 'Please choose a week by the date of its Monday (YYYY-MM-DD).',
  schedulePersonnelRequired: 'Please choose the personnel for this schedule.',
  scheduleNotPersonnel: 'Please choose a GSO personnel account for this schedule.',
  scheduleClash: (
    person: string,
    clashes: { workType: string; startTime: string | null; endTime: string | null; building: string; location: string }[],
  ) =>
    `${person} is already scheduled at that time: ${clashes
      .map((c) => `${c.workType} (${c.startTime}-${c.endTime}, ${c.building} - ${c.location})`)
      .join('; ')}. Save anyway to schedule both.`,
  scheduleClashTitle: 'Scheduling clash',
  scheduleFieldTooLong: (field: string, max: number) => `${field} must be at most ${max} characters long`,
  scheduleNotFound: 'Schedule entry not found.',
  scheduleUpdated: 'Schedule updated successfully',
  scheduleUpdateError: (message: string) => `Error updating schedule: ${message}`,
  scheduleDeleteConfirm: (workType: string) =>
    `Are you sure you want to delete ${workType} from the schedule? This action cannot be undone.`,
  scheduleDeleted: 'Schedule deleted successfully',
  scheduleDeleteError: (message: string) => `Error deleting schedule: ${message}`,

  // site settings
  officeSaved: 'Office details saved',
  campusMapSaved: 'Campus map updated',
  campusMapRemoved: 'Campus map removed',
  campusMapRequired: 'Please choose an image of the campus map.',

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
  imageTooManyPixels: `Images must be at most ${MAX_IMAGE_SIDE.toLocaleString('en-US')} x ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels.`,
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

  // user management: edit and delete (docs/product.md)
  failedToFetchUsers: 'Failed to fetch users',
  failedToConnect: 'Failed to connect to server',
  failedToUpdateUser: 'Failed to update user',
  failedToDeleteUser: 'Failed to delete user',
  failedToDecideUser: 'Failed to approve/reject user',
  validationError: 'Validation Error',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  deleteUserConfirm: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  accountNotFound: 'This account no longer exists.',
  cannotDeleteSelf: 'You cannot delete your own account here. Ask another administrator.',
  lastAdministrator: 'This is the last administrator account. Add another administrator before deleting this one.',
  lastAdministratorRole: 'This is the last administrator account. Make another person an administrator before changing this role.',
  cannotChangeOwnRole: 'You cannot change your own role. Ask another administrator.',
  administratorsOnly: 'Only an administrator can do this. Ask an administrator of your office.',
  officeAccountsAdminsOnly: 'Only an administrator can add, change or delete administrator and staff accounts.',
  rolesAdminsOnly: 'Only an administrator can change a role.',
  accountChangedMeanwhile: 'Someone changed this account a moment ago. Reload the list and try again.',
  userHasLoans: (out: UnitsOut) =>
    `This account cannot be deleted while it has ${unitsOut(out)}. ${out.notReturned ? 'Mark them returned first.' : 'Verify the returns first.'}`,
  userHasRepairs: (open: OpenRepairs) => `This account cannot be deleted while ${openRepairs(open, 'it reported or was assigned')}.`,
  roleChoiceRequired: 'Please choose a role',
  userDeactivated: 'User deactivated successfully',
  userReactivated: 'User reactivated successfully',
  deactivateUserConfirm: (name: string) =>
    `Deactivate ${name}? They will be signed out and cannot sign in until the account is reactivated. Their history stays.`,
  reactivateUserConfirm: (name: string) => `Reactivate ${name}? They will be able to sign in again.`,
  cannotDeactivateSelf: 'You cannot deactivate your own account. Ask another administrator.',
  lastAdministratorDeactivate:
    'This is the last active administrator account. Make another person an administrator before deactivating this one.',
  alreadyDeactivated: 'This account is already deactivated.',
  alreadyActive: 'This account is already active.',
  // borrowing holds (docs/decisions/borrow-holds.md)
  borrowHoldReasonRequired: 'Please enter the reason for the hold.',
  holdBorrowersOnly: 'Only students and faculty members can be put on a borrowing hold.',
  alreadyOnHold: 'Borrowing is already on hold for this account.',
  notOnBorrowHold: 'Borrowing is not on hold for this account.',
  borrowHoldPlaced: 'Borrowing hold placed',
  borrowHoldLifted: 'Borrowing hold lifted',
  borrowHoldHowToClear: 'Contact the General Services Office to clear it.',
  borrowOnHold: (reason: string) => `Borrowing is on hold: ${reason}. Contact the General Services Office to clear it.`,
  userOutHasLoans: (out: UnitsOut) =>
    `This account cannot be deactivated while it has ${unitsOut(out)}. Deactivate it once they are returned and checked.`,
  userOutHasRepairs: (open: OpenRepairs) => `This account cannot be deactivated while ${openRepairs(open, 'it reported or was assigned')}.`,
  // custody (docs/decisions/custody.md): what a person is accountable for keeps the account
  userOutHasCustody: (units: number) =>
    `This account cannot be deactivated while it is accountable for ${plural(units, 'unit')} of the office's property. Deactivate it once they are transferred or returned.`,
  userHasCustody: (units: number) =>
    `This account cannot be deleted while it is accountable for ${plural(units, 'unit')} of the office's property. Transfer or return them first.`,
  accountHasCustody: (units: number) =>
    `Your account cannot be deleted while you are accountable for ${plural(units, 'unit')} of the office's property. Ask the office to transfer or return them first.`,

  // personnel designations (docs/product.md)
  designationsTitle: 'Personnel Designations',
  designationRequired: 'Please enter a designation.',
  designationTooLong: (max: number) => `A designation must be at most ${max} characters long.`,
  designationNotFound: 'Designation not found.',
  designationPersonnelOnly: 'Designations are kept for GSO personnel accounts only.',
  designationAdded: 'Designation added',
  designationUpdated: 'Designation updated',
  designationDeleted: 'Designation deleted',
  noDesignations: 'No designations yet',
  noPersonnel: 'No personnel yet',
  // ---- inventory report, CSV, preventive-maintenance forms and inspections ----
  generateInventoryReport: 'Generate Inventory Report',
  downloadReport: 'Download Report',
  failedToGenerateReport: 'Failed to generate report',
  reportDownloadStarted: 'The inventory report is being downloaded...',
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
  csvEmpty: 'The file has no rows to import. The first line must name the columns (Item Name, Category, Quantity, Min Stock).',
  csvUnreadable: (why: string) => `The file could not be read as CSV: ${why}`,
  csvTooManyRows: (max: number) => `The file has more than ${max} rows. Please split it into smaller files.`,
  csvMissingColumns: (names: string[]) => `The file is missing the column${names.length === 1 ? '' : 's'} ${names.join(', ')}.`,
  csvDuplicateRow: (line: number) => `The same item (name and category) is already on line ${line} of this file.`,
  csvRowsWrong: (n: number, line: number, why: string) =>
    `Nothing was imported: ${n} row${n === 1 ? ' has an error' : 's have errors'}. Line ${line}: ${why}`,
  csvImported: (created: number, updated: number) =>
    `Import complete: ${created} item${created === 1 ? '' : 's'} added, ${updated} updated.`,
  csvFixErrors: 'Fix the rows with errors in the file and choose it again; nothing is imported while any row is wrong.',
  // ---- locations: buildings and their rooms (docs/decisions/locations.md) ----
  buildingCodeRequired: 'Building code is required',
  buildingCodeInvalid: (max: number) => `Building code must be 1 to ${max} letters, digits or dashes`,
  buildingNameRequired: 'Building name is required',
  buildingNameTooLong: (max: number) => `Building name must be at most ${max} characters long`,
  roomCodeRequired: 'Room code is required',
  roomCodeInvalid: (max: number) => `Room code must be 1 to ${max} letters, digits or dashes`,
  roomNameRequired: 'Room name is required',
  roomNameTooLong: (max: number) => `Room name must be at most ${max} characters long`,
  roomBuildingRequired: 'Please select a building',
  floorTooLong: (max: number) => `Floor must be at most ${max} characters long`,
  locationNotesTooLong: (max: number) => `Notes must be at most ${max} characters long`,
  buildingNotFound: 'Building not found',
  roomNotFound: 'Room not found',
  roomCodeNotFound: (code: string) => `No room has the code ${code}. Check the label, or ask the office.`,
  buildingCodeTaken: (code: string) => `Another building already has the code ${code}.`,
  buildingNameTaken: (name: string) => `Another building is already named ${name}.`,
  roomCodeTaken: (code: string) => `Another room already has the code ${code}.`,
  roomNameTaken: (name: string, building: string) => `${building} already has a room named ${name}.`,
  buildingHasRooms: (name: string, rooms: number) =>
    `${name} cannot be deleted: it has ${plural(rooms, 'room')}. Delete or move its rooms first.`,
  roomInUse: (name: string, reports: number) =>
    `${name} cannot be deleted: ${reports === 1 ? '1 repair report names it' : `${reports} repair reports name it`}. Repair reports keep their place, so the room stays.`,
  buildingAdded: 'Building added',
  buildingUpdated: 'Building updated',
  buildingDeleted: 'Building deleted',
  roomAdded: 'Room added',
  roomUpdated: 'Room updated',
  roomDeleted: 'Room deleted',
  roomConfirmed: 'Room confirmed',
  // ---- labels and scanning (docs/decisions/labels-and-scanning.md) ----
  labelsNone: 'There is nothing to print: no labels were chosen.',
  unitLabelsNone: 'There is nothing to print: no unit in service matches the search, the status or the units chosen.',
  roomLabelsNone: 'There is nothing to print: no room matches the search, the building or the rooms chosen.',
  labelsTooMany: (count: number, max: number) =>
    `${count.toLocaleString('en-US')} labels are more than one file holds (at most ${max.toLocaleString('en-US')}). Narrow the list with the search or a building.`,
  noRoomsFound: 'No rooms found',
  noBuildings: 'No buildings yet',
  locationsCsvEmpty: 'The file has no rows to import. The first line must name the columns (Building Code, Room Code, Room Name).',
  locationsCsvDuplicateRoom: (line: number) => `The same room code is already on line ${line} of this file.`,
  locationsCsvDuplicateName: (line: number) => `The same room name in this building is already on line ${line} of this file.`,
  locationsCsvNewBuildingName: 'Building name is required for a building code not yet on the list',
  locationsCsvBuildingNameDiffers: (code: string, name: string) =>
    `Building ${code} is named ${name}; leave the name blank or write it as it is.`,
  locationsCsvBuildingTwoNames: (line: number) => `This building code has another name on line ${line} of this file.`,
  locationsCsvImported: (created: number, updated: number, buildings: number) =>
    `Import complete: ${plural(created, 'room')} added, ${updated} updated, ${plural(buildings, 'building')} added.`,
  downloadStartedTitle: 'Download Started',
  // docs/product.md: "{form title} form is being downloaded..."; a title that ends in Form does not say it twice (docs/decisions/screen-wording.md).
  downloadStarted: (title: string) => `${/ form$/i.test(title) ? title : `${title} form`} is being downloaded...`,
  downloadFailedTitle: 'Download Failed',
  downloadFailed: 'Unable to download the form. Please try again.',
  inspectionSaved: (n: number) =>
    n === 0
      ? 'Inspection saved. No particular was marked with a problem.'
      : `Inspection saved. ${n} repair report${n === 1 ? '' : 's'} created for the particulars marked with a problem.`,
  inspectionNotFound: 'Inspection not found.',
  inspectionBuildingRequired: 'Enter the building to save the inspection.',
  inspectionRoomRequired: 'Enter the room or office to save the inspection.',
  inspectionMonthRequired: 'Enter the month and year to save the inspection.',
  noInspections: 'No inspections saved yet',
  // condition at verification (docs/decisions/return-conditions.md)
  conditionsInvalid: 'The conditions sent are not in the expected form: a list of entries, each with a condition.',
  conditionPhotoRequired: (what: string) => `Add a photo of ${what}: a photo is required when something is not returned good.`,
  conditionUnitNotLent: (tag: string) => `${tag} was not lent on this request.`,
  conditionUnitTwice: (tag: string) => `${tag} is given a condition twice.`,
  conditionUnitMissing: (tag: string) => `Give the condition of ${tag}: every unit lent needs one.`,
  conditionLineUnknown: 'A condition names a line that is not part of this request.',
  conditionLineTracked: (name: string) => `${name} is lent by unit: give each unit's condition by its tag.`,
  conditionQuantityMissing: (name: string) => `Give the quantity of ${name} in each condition.`,
  conditionQuantityOver: (name: string, lent: number) => `More ${name} than the ${lent} lent on this request.`,
  conditionQuantitySum: (name: string, lent: number, given: number) =>
    `The conditions of ${name} must cover the ${lent} lent (${given} given).`,
  conditionLineNotLent: (name: string) => `${name} was not lent on this request.`,
  notDamageRepair: 'Only a repair opened by equipment damage can end with the unit retired.',
  retireReasonRequired: 'Give the reason the equipment is beyond repair.',
  damageTradesSaved: 'Suggested trades saved.',
  repairRetired: 'Repair closed: the equipment is retired.',
  // ---- calendar feeds (docs/decisions/calendar-feeds.md) ----
  feedCreated: 'Your calendar address is ready. Copy it into your calendar app now: it is shown only this once.',
  feedRemoved: 'Calendar feed turned off. Its address no longer works.',
  feedNotFound: 'Calendar not found',
  // ---- maintenance plans (docs/decisions/maintenance-plans.md) ----
  planPlaceRequired: 'Choose either a room or a unit for this plan.',
  planUnitNotFound: 'That unit is not on the inventory.',
  planUnitWithoutRoom: 'That unit has no home room. Give it one in Inventory, or plan for its room.',
  planWhoRequired: 'Choose either a personnel member or a trade for this plan.',
  planEndAfterStart: 'The end time must be after the start time.',
  planNoDates: 'This recurrence has no dates on or after the start date.',
  planNotFound: 'Maintenance plan not found',
  planEnded: 'This maintenance plan has ended.',
  planNoOpenJob: 'This plan has no job waiting to be done: it was just completed. Refresh to see its next job.',
  /** Personnel completing a plan's job the office has scheduled for someone else meanwhile (docs/decisions/offline-work.md). */
  planJobElsewhere: 'The office has given this maintenance job to someone else.',
  planCreated: (code: string, due: string | null) =>
    due ? `Plan ${code} saved. Its next job is on the schedule for ${due}.` : `Plan ${code} saved.`,
  planUpdated: (code: string) => `Plan ${code} updated.`,
  planEndedDone: (code: string) => `Plan ${code} ended. Its open job was taken off the schedule.`,
  planJobDone: (reports: number, next: string | null) =>
    `Job done and saved as an inspection${reports ? `; ${plural(reports, 'repair report')} opened for the items with a problem` : ''}.${
      next ? ` Next job: ${next}.` : ''
    }`,
  // ---- the app on the phone: offline copies and Web Push (docs/decisions/pwa.md, push.md) ----
  /** Shown above a screen's last answer kept on the device, when it cannot be fetched afresh. */
  keptCopy: (at: string) => `As of ${at}: you are offline, so this is the copy last saved on this device.`,
  updateAvailable: 'A new version of Campus GSO is available',
  updateAvailableText: 'Reload to get the latest version. Nothing you saved is lost.',
  pushKindNotYours: (kind: string) => `Notices of the kind "${kind}" are not sent to your role.`,
  pushSubscriptionNotFound: 'That device does not have notifications on.',
  pushTurnedOff: 'Notifications turned off on this device.',
  pushTurnedOn: 'Notifications turned on for this device.',
  pushKindsSaved: 'Your choice of notifications is saved.',
  pushUnsupported: 'This browser cannot show notifications from Campus GSO. On an iPhone or iPad, add Campus GSO to the Home Screen first.',
  pushBlocked: 'Notifications are blocked for this site in your browser settings. Allow them there, then turn them on here.',
  pushFailed: 'Notifications could not be turned on. Try again.',
} as const;

/** The assistant and the AI writing help (docs/product.md, docs/decisions/form-checks.md). */
export const ASSISTANT_MSG = {
  chatTitle: 'GSO Assistant',
  chatOpen: 'Open the GSO support chat',
  chatTeaserTitle: 'Need help?',
  chatTeaserText: 'Ask the GSO Assistant about borrowing equipment, repairs, your requests and office policies.',
  chatStart: 'Start chat',
  chatClose: 'Close chat',
  chatPlaceholder: 'Type your question...',
  chatSend: 'Send message',
  chatThinking: 'The assistant is typing...',
  chatGreeting:
    "Hello! I'm the GSO Assistant. I can help with borrowing equipment, returning items, reporting repairs, your requests and office policies. How can I help you today?",
  chatRateLimit: "You've sent too many messages. Please wait a few minutes before sending another message.",
  chatOffTopic:
    'I can only help with General Services Office topics: borrowing equipment, returns, repair reports, your requests and office policies. Please ask me about one of those.',
  chatFailure: "I'm sorry, I'm having trouble processing your request right now. Please try again later or contact GSO personnel directly.",
  chatEmptyReply: 'Sorry, I could not process your request.',
  chatServiceError: (status: number, message: string) => `The assistant service answered HTTP ${status}: ${message}`,
  chatBuiltIn: '(Answered by the built-in GSO assistant.)',
  chatSignInForOwn: 'Please sign in to the user portal first; then I can look up your own requests and repair reports.',
  chatNoRequests: 'You have no borrow requests yet. You can borrow equipment from Borrow in the user portal.',
  chatNoRepairs: 'You have no repair reports yet. Faculty can report one from Report Repairs in the user portal.',
  chatRequestNotFound: (code: string) => `I could not find ${code} among your own requests.`,
  chatRepairNotFound: (code: string) => `I could not find ${code} among your own repair reports.`,
  chatNothingAssigned: 'Nothing is assigned to you this week.',
  chatContact: (o: { name: string; phone: string; email: string; hours: string; address: string }) =>
    `I'm not sure about that one. Please contact the ${o.name}: phone ${o.phone}, email ${o.email}, ${o.address} (${o.hours}).`,
  messageRequired: 'Please type a message.',
  // writing help
  paraphrase: 'AI Paraphrase',
  paraphraseLanguage: 'Paraphrase into',
  noTextToParaphrase: 'No Text to Paraphrase: Please enter an issue description first',
  paraphraseFailedTitle: 'Paraphrasing Failed',
  improveFailed: 'Unable to improve the text. Please try again.',
  generateReport: 'Generate Professional Report',
  workDescriptionBlank: 'Please provide a work description',
  improving: 'Improving...',
  improvedOffline: 'Tidied up offline by the built-in helper (no AI service is configured): capitals, punctuation and spacing.',
  translationNeedsAi:
    'Translating into Tagalog needs the AI service, which is not configured: the description was only tidied up, in English (capitals, punctuation and spacing).',
  improvedByAi: 'Rewritten by the AI assistant. Please check it before sending.',
  onlyFacultyParaphrase: 'Only faculty members can use AI Paraphrase.',
  onlyPersonnelReports: 'Only GSO personnel can generate professional work reports.',
} as const;

/** Drafts of unsent forms and files made ready to send (docs/decisions/drafts.md). */
export const DRAFT_MSG = {
  discardTitle: (what: string) => `Discard ${what}?`,
  discardText: 'Keep as draft closes this window and keeps what you typed and chose on this device until you send it or discard it.',
  keepEditing: 'Keep editing',
  keepDraft: 'Keep as draft',
  discard: 'Discard',
  draftKeptTitle: 'Draft kept',
  draftKept: (where: string) => `Open ${where} again to finish and send it.`,
  restored: (ago: string) => `Draft kept (saved ${ago.toLowerCase()}).`,
  discardDraft: 'Discard draft',
  discardDraftTitle: 'Discard this draft?',
  discardDraftText: 'What you typed and chose here is removed from this device. This cannot be undone.',
  draftMark: 'Draft',
  readyToSend: 'Ready to send',
  sending: 'Sending...',
  preparing: 'Preparing the file...',
  toSend: (size: string) => `${size} to send`,
  shrunkFrom: (size: string) => `shrunk from ${size}`,
  signOutTitle: 'Sign out and discard your drafts?',
  signOutText: (n: number) =>
    `You have ${plural(n, 'draft')} not yet sent. Drafts are kept on this device only while you are signed in: signing out discards them.`,
  signOut: 'Sign out',
  staySignedIn: 'Stay signed in',
} as const;

/** A technician's job changes kept on the phone until they are sent (docs/decisions/offline-work.md). */
export const OFFLINE_WORK_MSG = {
  waiting: (n: number) => `${plural(n, 'change')} waiting to send`,
  whenOnline: 'They are kept on this phone and sent in order when the connection returns.',
  signInToSend: 'Sign in again to send them: they are kept on this phone.',
  sendingNow: 'Sending...',
  sendNow: 'Send now',
  kept: 'Saved on this phone',
  keptText: (code: string, what: string) => `The change to ${code} (${what}) is sent when the connection returns.`,
  waitingToSend: (what: string) => `Waiting to send: ${what}`,
  heldBehind: 'waits for the change that was not sent',
  notSent: (message: string) => `Not sent: ${message}`,
  notSentMark: 'Not sent',
  keptForYou: 'What you typed and photographed is kept here.',
  photoAlt: (what: string, code: string) => `The photo kept with ${code} ${what}`,
  viewPhoto: 'View photo',
  copyText: 'Copy text',
  copied: 'Copied',
  tryAgain: 'Try again',
  discard: 'Discard',
  discardTitle: 'Discard this change?',
  discardText: 'What you typed and photographed for it is deleted from this phone. This cannot be undone.',
  keepIt: 'Keep it',
} as const;
