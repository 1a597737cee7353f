/**
 * What a family is told of its methods on file by the card account updater (issue 37 item 4, decision
 * 071): a card the networks say can no longer be charged (its account closed, or the card invalid).
 */

type Studio = { studioName: string; studioContact: string; family: string };

export type MethodNotice = {
  template: 'card-unusable';
  data: Studio & {
    /** "Visa ending 1109". */
    card: string;
    /** Whether it was the family's backup rather than its first method. */
    backup: boolean;
    /** closed: the account behind the card is closed; invalid: the card is no longer valid. */
    why: 'closed' | 'invalid';
    /** The family's page, where a new card is added. */
    link: string;
  };
};

/** Its subject, heading, paragraphs and button. */
export function methodNoticeParts(n: MethodNotice) {
  const d = n.data;
  const which = d.backup ? 'backup card' : 'card on file';
  const why = d.why === 'closed' ? 'the account behind it has been closed' : 'the card is no longer valid';
  return {
    subject: `${d.studioName}: please add a new card`,
    title: 'Your card can no longer be charged',
    lines: [
      `Hello ${d.family} family,`,
      `${d.card}, your ${which} at ${d.studioName}, can no longer be charged: its bank told us ${why}.`,
      d.backup
        ? 'Add another backup card on your family page if you want one.'
        : 'Add a new card on your family page so that your payments keep going.',
      ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
    ],
    action: { label: 'Add a new card', href: d.link },
  };
}
