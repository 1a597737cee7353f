/**
 * Texts shown to people, verbatim from the specification's error catalogues where it gives them.
 * Texts the spec does not give are ours; they are kept here so the server and the screens agree.
 */
export const messages = {
  // 000 §8 and §5
  loadFailed: 'Something went wrong, please try again later',
  verifyLinkExpired: 'Email verification link expired!',
  verifyLinkExpiredDetail: 'Please login to receive a new verification email.',
  verifyComplete: 'Verification is complete, please login.',
  loginSuccessful: 'Login Successful',
  passwordChangeFailed: 'Seams that something went wrong, please try again later.',
  checkEmailInbox: 'Check Email Inbox',
  resetMailSent:
    'If an account exists for that address, we sent an e-mail with a link to choose a new password.',
  registrationSubmitted: 'New account registration submitted!',
  registrationSubmittedDetail: 'Your e-mail address is confirmed by its code: you can sign in now.',
  emailRequired: 'Email is required',
  codeRequired: 'Verification code required.',
  codeInvalid: 'Invalid verification code, please try again.',
  parentStudioMissing: 'Something went wrong,please try again.',
  paymentStatusInvalid: 'Invalid entry please try again.',
  tuitionInputInvalid: 'invalid entry please try again later.',
  insufficientData: 'insufficient data',
  insertSuccessful: 'Insert Successful',
  updateSuccessful: 'Update Successful',
  deleteSuccessful: 'Delete Successful',
  genericFailure: 'Something went wrong please try again',
  pageNotFound: 'This page could not be found',
  notFoundTitle: 'Ops!',
  notFoundBody: "Page not found. Don't worry though, we have plenty of other pages to explore",
  passwordRule: 'The password must contain at least: 1 uppercase letter, 1 lowercase letter, and 1 number.',

  // Ours (the spec leaves these unsaid).
  wrongCredentials: 'The e-mail address or password is incorrect.',
  notSignedIn: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired, please sign in again.',
  forbidden: 'You do not have access to this.',
  tooManyAttempts: 'Too many attempts, please wait a few minutes and try again.',
  invalidId: 'Invalid id.',
  invalidInput: 'Invalid input.',
  /** A body past the server's size limit. */
  requestTooLarge: 'This is more than can be sent at once. Please shorten it and try again.',
  /** A body that is not JSON (a form posted by another page, plain text). */
  unsupportedBody: "This request could not be read. Please use the app's own pages to make this change.",
  unexpected: 'Something went wrong, please try again later',
  codeSent: 'We sent a 6-digit code to your e-mail address.',
  codeVerified: 'E-mail address verified.',
  emailNotVerifiedForRegistration:
    'Please verify your e-mail address with the code we sent before registering.',
  emailTaken: 'An account with this e-mail address already exists. Please sign in.',
  verificationMailSent:
    'Your e-mail address is not verified yet. We sent you a new verification link; any link we sent before still works.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed, please login.',
  studioNotFound: 'This studio could not be found.',
  accountNotFound: 'This account could not be found.',
  yearTermNotFound: 'This year term could not be found.',
  loggedOut: 'You have been signed out.',
  alreadyExists: 'This already exists. Please reload the page and try again.',
  notFromThisSite: 'This request did not come from this site, so nothing was changed.',
} as const;

export type MessageKey = keyof typeof messages;
