/** What studio and parent registration say to people beyond the spec's own texts (000 §8). */
export const registrationMessages = {
  aboutUsRequired: 'Please tell us how you heard about us.',
  /** After the code proved an address that already signs in (decision 017). */
  existingSignIn: (email: string) =>
    `${email} already has a Pirouette sign-in. Your new studio will be added to it: you will sign in with your current password, which stays as it is.`,
  /** The owner step's line for a new address. */
  newSignIn: (email: string) => `Your e-mail ${email} is confirmed. Tell us who you are.`,
  /** A studio and another registration took the same new address at the same moment. */
  registeredMeanwhile: 'This e-mail address was registered a moment ago. Please try again.',
  /** The parent registration's address step: the address can be used. */
  emailAvailable: 'This e-mail address can be used.',
  /** Sign-in while a verification link mailed a moment ago is still waiting to be followed. */
  verificationMailRecent:
    'Your e-mail address is not verified yet. We sent you a verification link a few minutes ago: please follow it, then sign in.',
} as const;
