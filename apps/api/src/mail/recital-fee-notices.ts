/**
 * The recital fee's mail to a family (issue 38 item 3, decision 073): the fee posted to the bill, or
 * taken off because the dancer left the recital before the fee's last day; once each, in plain words.
 */
export type RecitalFeeNotice = {
  template: 'recital-fee-posted' | 'recital-fee-removed';
  data: {
    studioName: string;
    studioContact: string;
    family: string;
    recital: string;
    /** The dancer's first name, or '' for a fee per family. */
    dancer: string;
    amount: string;
    /** The family's balance after the change. */
    balance: string;
    /** The last day leaving the recital takes the fee off, in words ('' when none). */
    until: string;
    link: string;
  };
};

export function recitalFeeNoticeParts(message: RecitalFeeNotice) {
  const d = message.data;
  const who = d.dancer ? `${d.dancer}’s` : 'your family’s';
  const contact = d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : [];
  if (message.template === 'recital-fee-posted') {
    const lines = [
      `Hello ${d.family} family,`,
      `${d.studioName} added ${who} recital fee for ${d.recital} to your bill: ${d.amount}${d.dancer ? `, because ${d.dancer} dances in the recital` : ', one fee for your family’s dancers in the recital'}.`,
      d.until
        ? `If ${d.dancer || 'your family'} leaves the recital on or before ${d.until}, the fee comes off your bill. After that day it stays.`
        : 'The fee stays on your bill once posted.',
      `Your balance is now ${d.balance}. You can pay it from your family page.`,
      ...contact,
    ];
    return {
      subject: `${d.studioName}: recital fee for ${d.recital}`,
      title: `Recital fee: ${d.amount}`,
      lines,
      action: { label: 'See your bill', href: d.link },
    };
  }
  const lines = [
    `Hello ${d.family} family,`,
    `${d.dancer || 'Your family'} left ${d.recital} before ${d.until}, so ${d.studioName} took ${who} recital fee of ${d.amount} off your bill. If it was already paid, the money is kept as credit for your next charges.`,
    `Your balance is now ${d.balance}.`,
    ...contact,
  ];
  return {
    subject: `${d.studioName}: recital fee taken off`,
    title: `Recital fee taken off: ${d.amount}`,
    lines,
    action: { label: 'See your bill', href: d.link },
  };
}
