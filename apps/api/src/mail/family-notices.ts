/**
 * The notices a family receives about what it owes and its registrations (issue 31 point 11): each
 * says what happened, why, the balance after it, and where to pay or look. Figures and dates come
 * formatted for people ($1,234.50, Dec 1, 2026); the studio's switches (settings) decide which are sent.
 */

type Studio = {
  studioName: string;
  /** How to reach the studio: "(973) 555-0100 or hello@studio.example" ('' when it gave none). */
  studioContact: string;
  family: string;
};

/** A charge as a notice tells it: what, how much, when due, and its working ('' lines when it is its own). */
export type NoticeCharge = { item: string; amount: string; due: string; why: string[] };

export type FamilyNotice =
  | {
      template: 'bill';
      data: Studio & { charges: NoticeCharge[]; total: string; balance: string; link: string };
    }
  | {
      template: 'overdue-reminder';
      data: Studio & {
        /** What is unpaid, when it was due. */
        items: { item: string; open: string; due: string }[];
        fee: string;
        /** The day the late fee would be added. */
        feeOn: string;
        balance: string;
        link: string;
      };
    }
  | {
      template: 'late-fee';
      data: Studio & { item: string; fee: string; why: string; balance: string; link: string };
    }
  | {
      template: 'returned-check';
      data: Studio & { check: string; amount: string; fee: string; balance: string; link: string };
    }
  | {
      template: 'registration-confirmed';
      data: Studio & {
        classes: string;
        /** Who registered: the family in the portal, or the studio for it. */
        by: 'parent' | 'owner';
        /** Waiting for the studio's approval: nothing is charged yet. */
        pending: boolean;
        charges: NoticeCharge[];
        balance: string;
        link: string;
      };
    }
  | {
      template: 'registration-decision';
      data: Studio & {
        classes: string;
        approved: boolean;
        /** The day billing starts from (approved only). */
        from: string;
        charges: NoticeCharge[];
        balance: string;
        link: string;
      };
    };

const hello = (d: Studio) => `Hello ${d.family} family,`;
const contact = (d: Studio) =>
  d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : [];
const chargeLine = (c: NoticeCharge) => {
  const head = `• ${c.item}: ${c.amount}, due ${c.due}.`;
  return c.why.length > 0 ? `${head} ${c.why.join('; ')}.` : head;
};

type Parts = { subject: string; title: string; lines: string[]; action?: { label: string; href: string } };

/** A notice's subject, heading, paragraphs and button. */
export function noticeParts(n: FamilyNotice): Parts {
  switch (n.template) {
    case 'bill': {
      const d = n.data;
      return {
        subject: `${d.studioName}: ${d.total} charged to your account`,
        title: `New charges: ${d.total}`,
        lines: [
          hello(d),
          `${d.studioName} charged your account ${d.total}:`,
          ...d.charges.map(chargeLine),
          `Your balance is now ${d.balance}. You can pay from your family page, where every charge shows how it was worked out.`,
          ...contact(d),
        ],
        action: { label: 'Pay now', href: d.link },
      };
    }
    case 'overdue-reminder': {
      const d = n.data;
      return {
        subject: `${d.studioName}: a payment is past due`,
        title: 'A payment is past due',
        lines: [
          hello(d),
          'This is still unpaid on your account:',
          ...d.items.map((i) => `• ${i.item}: ${i.open}, due ${i.due}.`),
          `If it is not paid by ${d.feeOn}, a late fee of ${d.fee} will be added. Your balance is ${d.balance}.`,
          'If you paid in the last few days, thank you: nothing more to do.',
          ...contact(d),
        ],
        action: { label: 'Pay now', href: d.link },
      };
    }
    case 'late-fee': {
      const d = n.data;
      return {
        subject: `${d.studioName}: a late fee of ${d.fee} was added`,
        title: `Late fee: ${d.fee}`,
        lines: [
          hello(d),
          `A late fee of ${d.fee} was added to your account for ${d.item}: ${d.why}.`,
          `Your balance is now ${d.balance}.`,
          ...contact(d),
        ],
        action: { label: 'Pay now', href: d.link },
      };
    }
    case 'returned-check': {
      const d = n.data;
      return {
        subject: `${d.studioName}: your check came back unpaid`,
        title: 'A check came back unpaid',
        lines: [
          hello(d),
          `Your ${d.check} for ${d.amount} came back unpaid from the bank, so the payment was taken back: what it paid is owed again.`,
          ...(d.fee ? [`A returned check fee of ${d.fee} was added.`] : []),
          `Your balance is now ${d.balance}.`,
          ...contact(d),
        ],
        action: { label: 'Pay now', href: d.link },
      };
    }
    case 'registration-confirmed': {
      const d = n.data;
      const who = d.by === 'parent' ? 'Your registration' : `${d.studioName} registered you`;
      const head = d.pending
        ? `${d.by === 'parent' ? 'Your registration' : 'The registration'} for ${d.classes} is waiting for ${d.studioName}'s approval. Nothing is charged until it is approved; we will write to you then.`
        : d.by === 'parent'
          ? `${who} for ${d.classes} is confirmed.`
          : `${who} for ${d.classes}.`;
      return {
        subject: d.pending
          ? `${d.studioName}: registration received, waiting for approval`
          : `${d.studioName}: registration confirmed`,
        title: d.pending ? 'Registration received' : 'Registration confirmed',
        lines: [
          hello(d),
          head,
          ...(d.charges.length > 0 ? ['Charged now:', ...d.charges.map(chargeLine)] : []),
          ...(d.pending ? [] : [`Your balance is ${d.balance}.`]),
          ...contact(d),
        ],
        action: { label: 'See your account', href: d.link },
      };
    }
    case 'registration-decision': {
      const d = n.data;
      return {
        subject: d.approved
          ? `${d.studioName}: registration approved`
          : `${d.studioName}: registration not approved`,
        title: d.approved ? 'Registration approved' : 'Registration not approved',
        lines: d.approved
          ? [
              hello(d),
              `${d.studioName} approved the registration for ${d.classes}. Tuition is billed from ${d.from}.`,
              ...(d.charges.length > 0 ? ['Charged now:', ...d.charges.map(chargeLine)] : []),
              `Your balance is ${d.balance}.`,
              ...contact(d),
            ]
          : [
              hello(d),
              `${d.studioName} could not approve the registration for ${d.classes}. Nothing was charged for it.`,
              ...contact(d),
            ],
        action: { label: 'See your account', href: d.link },
      };
    }
  }
}

/** A notice rendered with the common layout (templates.ts passes its own). */
export function renderNotice(
  n: FamilyNotice,
  layout: (title: string, lines: string[], action?: { label: string; href: string }) => string,
): { subject: string; text: string; html: string } {
  const p = noticeParts(n);
  return {
    subject: p.subject,
    text: `${p.lines.join('\n\n')}\n${p.action ? `\n${p.action.href}\n` : ''}`,
    html: layout(p.title, p.lines, p.action),
  };
}
