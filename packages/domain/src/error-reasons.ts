/**
 * Why a request was refused, where a screen does more than show the sentence (decision 053). The
 * answer's body stays the envelope `[false, sentence]`; the reason rides beside it in the
 * `x-error-reason` header, so a screen decides by the code and the sentence may be reworded freely.
 */
export const ERROR_REASONS = [
  /** Another card payment of the family is under way (its request is still being answered). */
  'card_in_flight',
  /** The family has no card on file. */
  'no_card',
  /** The terms the person accepted changed while they read them: show the new ones. */
  'terms_changed',
  /** An account with this e-mail address exists: sign in instead. */
  'email_taken',
  /** The private lesson's places are taken (one taken since the form opened): ask before going past them. */
  'places_full',
  /** The entry is dated in a month the studio's books are closed for (decision 050). */
  'month_closed',
  /** A make-up refused (decision 064): no place free at that meeting (one taken since the list was read). */
  'makeup_full',
  /** A make-up refused: the meeting is past the booking window (too soon, passed, after the credit expires). */
  'makeup_window',
  /** A make-up refused: the class is not one the dancer may make up in (level, genre, age, own class, closed). */
  'makeup_not_eligible',
  /** A make-up refused: the dancer is already booked into that meeting, or the credit is no longer open. */
  'makeup_taken',
  /** A booked make-up past its cancel cut-off. */
  'makeup_cutoff',
  /** A card surcharge applies (a credit card) and is not the one the checkout showed: show the new total (decision 069). */
  'surcharge_changed',
  /** The checkout showed a card surcharge that does not apply (not a credit card, or turned off). */
  'surcharge_dropped',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The response header that carries an error's reason. */
export const ERROR_REASON_HEADER = 'x-error-reason';

const KNOWN: ReadonlySet<string> = new Set(ERROR_REASONS);

/** The reason a header names, or null for none or one this build does not know. */
export const errorReasonOf = (header: string | null | undefined): ErrorReason | null =>
  header && KNOWN.has(header) ? (header as ErrorReason) : null;
