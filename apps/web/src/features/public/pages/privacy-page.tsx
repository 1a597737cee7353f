import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who is responsible',
    paragraphs: [
      'Pirouette is software that dance studios use to run their business. Each studio decides what it records about its families and students; for that information the studio is the controller and Pirouette processes it on the studio’s behalf. For the account a studio owner opens with us, the operator of this Pirouette service is the controller.',
    ],
  },
  {
    heading: 'What we collect',
    items: [
      'Account details: name, e-mail address, phone number and a password (stored only as a salted hash, never in readable form).',
      'Studio details: the studio’s name, address, phone and e-mail, year terms, classes, fees and policies.',
      'Family details entered by parents or the studio: contacts, addresses, students’ names, dates of birth and class registrations.',
      'Payment details: amounts, dates and the status of payments. Card numbers are entered into our payment provider’s secure form and never reach our servers; we keep only a reference and the last four digits.',
      'Technical data: the time of sign-ins, the address your requests come from, and records of security events such as failed sign-ins, kept to protect accounts.',
    ],
  },
  {
    heading: 'How we use it',
    items: [
      'To provide the service: signing you in, showing your studio’s or family’s information, registering students and processing tuition.',
      'To send the e-mails the service needs: verification codes, verification links, password reset links, receipts and notices from your studio.',
      'To keep the service secure: limiting repeated sign-in attempts, detecting misuse and investigating incidents.',
    ],
    paragraphs: ['We do not sell personal information, and we do not use it for advertising.'],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      'We use a session cookie to keep you signed in; it is HttpOnly, so scripts on the page cannot read it, and it expires when your session ends. If you tick “Remember me”, a signed cookie stores your e-mail address so the sign-in form can be filled in for you next time. We use no tracking or advertising cookies.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'Information is shared only as the service requires: between a studio and the families registered with it, with the payment provider that processes card payments, and with the e-mail provider that delivers our messages. We disclose information to authorities only when the law requires it.',
    ],
  },
  {
    heading: 'Retention and security',
    paragraphs: [
      'Studio and family information is kept while the studio uses Pirouette and deleted or returned when it leaves, except where records must be kept longer by law (for example payment records). Passwords are hashed, sessions use random tokens stored hashed, and every studio’s data is kept separate from every other studio’s.',
    ],
  },
  {
    heading: 'Your choices and rights',
    paragraphs: [
      'You can see and correct your details in your account. To have information about you or your children exported or deleted, contact your studio, which manages that information, or the operator of this service for a studio owner account. We answer requests within 30 days.',
    ],
  },
  {
    heading: 'Children',
    paragraphs: [
      'Students’ information is entered by their parents or guardians, or by the studio with their consent. Children do not sign in to Pirouette themselves.',
    ],
  },
  {
    heading: 'Changes',
    paragraphs: [
      'When this policy changes we update the date above, and for important changes we tell studio owners by e-mail before they take effect.',
    ],
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      intro="This policy explains what information Pirouette holds about studio owners, parents and students, why, and the choices you have."
      sections={SECTIONS}
    />
  );
}
