/** Business constants and limits (000 §9), and the field limits every form and route share. */
export const APP_NAME = 'Pirouette';
export const APP_DESCRIPTION = 'Dance Studio Solution For Managing Clients';
export const DEFAULT_TIME_ZONE = 'America/New_York';

export const SIDEBAR_BREAKPOINT_PX = 1200;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const SUCCESS_NOTIFICATION_MS = 750;
export const LIST_REFRESH_THROTTLE_MS = 60_000;
export const PAGE_SIZE = 10;
export const PAGES_DISPLAYED = 5;

export const REGISTRATION_FEE_CENTS = 3500;
export const LATE_FEE_CENTS = 2000;
export const LATE_FEE_AFTER_DAYS = 14;
export const BOUNCED_CHECK_FEE_CENTS = 3500;

/** Field limits. */
export const limits = {
  email: 254,
  password: { min: 6, max: 128 },
  name: 80,
  studioName: 120,
  phone: 20,
  address: 200,
  city: 80,
  state: 2,
  zipcode: 10,
  notes: 2000,
  code: 6,
  token: 200,
} as const;

/** Time windows of codes and links. */
export const windows = {
  registrationCodeMinutes: 10,
  registrationCodeValidatedMinutes: 30,
  emailVerifyHours: 48,
  passwordResetMinutes: 60,
  sessionHours: 12,
  rememberDays: 30,
} as const;

export const ABOUT_US_OPTIONS = ['Facebook', 'Google', 'Instagram', 'Word of mouth', 'Other'] as const;
export type AboutUsOption = (typeof ABOUT_US_OPTIONS)[number];

export const CONTACT_ROLES = [
  'Mother',
  'Father',
  'Self',
  'Sister',
  'Grandparent',
  'Legal Guardian',
  'Brother',
] as const;

export const LEVELS = [
  'Beginner',
  'Beginner/Intermediate',
  'Intermediate',
  'Intermediate/Advanced',
  'Advanced',
  'Pre-Competition',
  'Competition',
] as const;

/** The genres a new studio starts with; the owner can add, rename and retire them. */
export const DEFAULT_GENRES = [
  'Ballet',
  'Tap',
  'Jazz',
  'Hip Hop',
  'Contemporary',
  'Lyrical',
  'Acro',
  'Musical Theatre',
] as const;

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** A membership's role at one studio (000 §6's nPriv, with 'teacher' added by issue 36). */
export const ROLES = ['owner', 'user', 'teacher'] as const;
export type Role = (typeof ROLES)[number];

/** The two studio terms documents (000 §3) and their default text (000 §9). */
export const DEFAULT_TERMS = [
  {
    title: 'studio rules and policies',
    content: [
      'Tuition is charged automatically on the 1st of each month.',
      'Paying for half a year saves 5%; the second installment is due on January 1st.',
      'Paying for the full year saves 10%.',
      'A late fee of $20.00 applies after two weeks without payment.',
      'A bounced check fee of $35.00 applies.',
      'Make-up classes must be taken within one month of the missed class.',
      'No refunds.',
    ].join('\n'),
  },
  {
    title: 'media release and liability waiver',
    content: [
      'I allow the studio to use photographs and video of my dancer taken at classes, rehearsals and performances for its programs, website and social media.',
      'I understand that dance is a physical activity with a risk of injury, and I release the studio, its owners, teachers and staff from liability for injuries that occur during classes, rehearsals, performances and competitions, except where caused by their gross negligence.',
    ].join('\n'),
  },
] as const;
