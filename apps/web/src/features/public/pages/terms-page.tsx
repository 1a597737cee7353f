import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'The service',
    paragraphs: [
      'Pirouette is an online service for running a dance studio: family accounts, class registration, tuition and payments, the class schedule, costumes and competitions, and a portal for parents. These terms apply to everyone who uses it: studio owners and their staff, and parents.',
    ],
  },
  {
    heading: 'Accounts',
    items: [
      'You must give accurate information and keep your password to yourself. You are responsible for what is done with your account.',
      'A studio account is opened by the studio’s owner, who confirms their e-mail address. Parents open a family account through their studio’s sign-up link.',
      'Tell us at once if you believe someone else has used your account.',
    ],
  },
  {
    heading: 'Studios',
    items: [
      'The studio is responsible for the information it enters, for its own policies and fees, and for its relationship with its families, including refunds.',
      'The studio must have the right to record the information of the families and students it manages, and must tell them how it uses it.',
      'Studio terms that parents accept (such as the studio rules and policies and the media release) are an agreement between the studio and the parent, not with Pirouette.',
    ],
  },
  {
    heading: 'Payments',
    paragraphs: [
      'Card payments are processed by a third-party payment provider under its own terms. Charges made through Pirouette, such as monthly tuition on the 1st, late fees and costume deposits, are set by the studio. Questions about a charge should go to the studio first.',
    ],
  },
  {
    heading: 'Acceptable use',
    items: [
      'Do not try to reach data that is not yours, to break or overload the service, or to get around its security limits.',
      'Do not use the service to send unsolicited messages or to store unlawful content.',
      'We may suspend an account that puts the service or other users at risk.',
    ],
  },
  {
    heading: 'Availability and changes',
    paragraphs: [
      'We work to keep Pirouette available and your data safe, and we back it up, but we cannot promise the service will never be interrupted. We may improve and change the service; we will give notice before removing a feature studios rely on.',
    ],
  },
  {
    heading: 'Ending',
    paragraphs: [
      'A studio can stop using Pirouette at any time and ask for an export of its data. We may end an account that breaks these terms, after notice where possible.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'The service is provided as it is. To the extent the law allows, Pirouette is not liable for indirect losses, or for losses arising from a studio’s or parent’s own decisions. Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: [
      'When these terms change we update the date above and tell studio owners by e-mail. Using the service after a change takes effect means accepting the new terms.',
    ],
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      intro="These terms are the agreement between you and the operator of this Pirouette service. Please read them; by using Pirouette you accept them."
      sections={SECTIONS}
    />
  );
}
