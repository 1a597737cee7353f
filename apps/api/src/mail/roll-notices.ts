/**
 * The roll's mail to a family (issue 36, decision 063): a dancer missed a class, and the make-up credit it
 * gave them, in plain words, once per credit.
 */
export type RollNotice = {
  template: 'makeup-credit';
  data: {
    studioName: string;
    studioContact: string;
    family: string;
    dancer: string;
    className: string;
    /** The missed meeting, in words ("Nov 16, 2026"). */
    missedOn: string;
    /** The last day a make-up may be taken, in words. */
    bookBy: string;
    link: string;
  };
};

type Layout = (title: string, paragraphs: string[], action?: { label: string; href: string }) => string;

export function renderRollNotice(message: RollNotice, layout: Layout) {
  const d = message.data;
  const lines = [
    `Hello ${d.family} family,`,
    `${d.dancer} missed ${d.className} on ${d.missedOn}, so ${d.dancer} has a make-up class to take.`,
    `Book it by ${d.bookBy} from your family's page: it lists the classes ${d.dancer} may join and their free places.`,
    ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
  ];
  return {
    subject: `${d.studioName}: a make-up class for ${d.dancer}`,
    text: `${lines.join('\n\n')}\n\n${d.link}\n`,
    html: layout(`A make-up class for ${d.dancer}`, lines, { label: 'Book the make-up', href: d.link }),
  };
}
