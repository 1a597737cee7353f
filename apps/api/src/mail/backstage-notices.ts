/**
 * What a family is told backstage (issue 38 item 6, decision 075): their dancer signed in, or signed out and
 * by whom picked up. Times come formatted for people, in the studio's time zone.
 */

export type BackstageNotice = {
  template: 'backstage-signin';
  data: {
    studioName: string;
    studioContact: string;
    family: string;
    dancer: string;
    show: string;
    kind: 'in' | 'out';
    time: string;
    pickedUpBy: string;
  };
};

type Parts = { subject: string; title: string; lines: string[] };

/** The notice's sentence: "Ava signed in backstage for the Saturday 2 PM show at 1:05 PM". */
export function backstageSentence(d: BackstageNotice['data']): string {
  if (d.kind === 'in') return `${d.dancer} signed in backstage for the ${d.show} show at ${d.time}.`;
  const by = d.pickedUpBy ? `, picked up by ${d.pickedUpBy}` : '';
  return `${d.dancer} signed out from backstage after the ${d.show} show at ${d.time}${by}.`;
}

export function backstageNoticeParts(n: BackstageNotice): Parts {
  const d = n.data;
  return {
    subject: `${d.studioName}: ${d.dancer} signed ${d.kind} backstage`,
    title: d.kind === 'in' ? 'Signed in backstage' : 'Signed out from backstage',
    lines: [
      `Hello ${d.family} family,`,
      backstageSentence(d),
      ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
    ],
  };
}
