/**
 * What a family is told of a studio closure (issue 36, decision 062): once when it is saved (which of
 * their dancers' classes are cancelled on which days, why, and what comes with it), once more if the
 * owner removes it (the classes are back on, and any tuition credit it gave is taken back).
 */
type ClosureStudio = {
  studioName: string;
  /** How to reach the studio ('' when it gave none). */
  studioContact: string;
  family: string;
  reason: string;
  /** One line per cancelled meeting: "Thu, Nov 26, 2026: Ballet 1 (Maya)". */
  meetings: string[];
};

export type ClosureMail =
  | {
      template: 'closure-notice';
      data: ClosureStudio & {
        /** Each cancelled meeting gives the dancer a make-up credit. */
        makeups: boolean;
        /** The tuition credited to the family's account ('' when none). */
        credit: string;
        link: string;
      };
    }
  | {
      template: 'closure-lifted';
      data: ClosureStudio & {
        /** The tuition credit taken back from the family's account ('' when none). */
        withdrawn: string;
      };
    };

type Layout = (title: string, paragraphs: string[], action?: { label: string; href: string }) => string;

export function renderClosureMail(
  message: ClosureMail,
  layout: Layout,
): { subject: string; text: string; html: string } {
  const d = message.data;
  const contact = d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : [];
  const list = d.meetings.map((m) => `• ${m}`);
  if (message.template === 'closure-lifted') {
    const lines = [
      `Hello ${d.family} family,`,
      `Good news: ${d.studioName} is no longer closed for "${d.reason}". These classes are back on as usual:`,
      ...list,
      ...(message.data.withdrawn
        ? [
            `The credit of ${message.data.withdrawn} we gave for these classes is withdrawn: a charge of ${message.data.withdrawn} takes it back on your account.`,
          ]
        : []),
      ...contact,
    ];
    return {
      subject: `${d.studioName}: classes are back on`,
      text: `${lines.join('\n\n')}\n`,
      html: layout('Classes are back on', lines),
    };
  }
  const { makeups, credit, link } = message.data;
  const comes = [
    makeups
      ? `Each dancer gets a make-up credit for each class missed: book a make-up class from your family's page.`
      : 'No make-up credit comes with these cancelled classes.',
    credit
      ? `We credited ${credit} to your account for these classes; it pays your next charges.`
      : 'Your tuition does not change.',
  ];
  const lines = [
    `Hello ${d.family} family,`,
    `${d.studioName} is closed (${d.reason}), so these classes are cancelled:`,
    ...list,
    ...comes,
    ...contact,
  ];
  return {
    subject: `${d.studioName}: classes cancelled (${d.reason})`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout('Classes cancelled', lines, { label: "Open your family's page", href: link }),
  };
}
