/**
 * What a family is told of its make-up classes (issue 36 point 4, decision 064): a make-up booked or
 * cancelled, a credit given by hand, a credit about to expire. Dates and times come formatted for people.
 */

type Studio = { studioName: string; studioContact: string; family: string };

export type MakeupNotice =
  | {
      template: 'makeup-booked';
      data: Studio & {
        dancer: string;
        className: string;
        when: string;
        room: string;
        cancelUntil: string;
        link: string;
      };
    }
  | {
      template: 'makeup-cancelled';
      data: Studio & { dancer: string; className: string; when: string; link: string };
    }
  | {
      template: 'makeup-granted';
      data: Studio & { dancer: string; expires: string; note: string; link: string };
    }
  | { template: 'makeup-expiring'; data: Studio & { dancer: string; expires: string; link: string } };

type Parts = { subject: string; title: string; lines: string[]; action: { label: string; href: string } };

const contact = (d: Studio) =>
  d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : [];

/** A make-up notice's subject, heading, paragraphs and button. */
export function makeupNoticeParts(n: MakeupNotice): Parts {
  const d = n.data;
  const hello = `Hello ${d.family} family,`;
  const action = { label: 'See your make-ups', href: n.data.link };
  switch (n.template) {
    case 'makeup-booked':
      return {
        subject: `${d.studioName}: make-up booked for ${n.data.dancer}`,
        title: 'Make-up class booked',
        lines: [
          hello,
          `${n.data.dancer} is booked for a make-up in ${n.data.className} on ${n.data.when}, ${n.data.room}.`,
          `You can cancel it from your family page until ${n.data.cancelUntil}; the credit is then yours to book again.`,
          ...contact(d),
        ],
        action,
      };
    case 'makeup-cancelled':
      return {
        subject: `${d.studioName}: make-up cancelled for ${n.data.dancer}`,
        title: 'Make-up class cancelled',
        lines: [
          hello,
          `The make-up of ${n.data.dancer} in ${n.data.className} on ${n.data.when} is cancelled.`,
          'If the credit has not expired, it is open again: book another class from your family page.',
          ...contact(d),
        ],
        action,
      };
    case 'makeup-granted':
      return {
        subject: `${d.studioName}: a make-up class for ${n.data.dancer}`,
        title: 'A make-up credit for you',
        lines: [
          hello,
          `${d.studioName} gave ${n.data.dancer} a make-up class, to book by ${n.data.expires}.`,
          ...(n.data.note ? [n.data.note] : []),
          'Choose a class and a date from your family page.',
          ...contact(d),
        ],
        action,
      };
    case 'makeup-expiring':
      return {
        subject: `${d.studioName}: ${n.data.dancer}'s make-up expires ${n.data.expires}`,
        title: 'A make-up credit expires soon',
        lines: [
          hello,
          `${n.data.dancer} has a make-up class not booked yet; it expires on ${n.data.expires}.`,
          'Book a class from your family page before then.',
          ...contact(d),
        ],
        action,
      };
  }
}
