/**
 * A returned bank debit told to the family (issue 37 item 2, decision 068): what came back, why in plain
 * words, the payment taken back, the fee, and what happens next: presented again on a day, or another
 * payment method asked for. Sent once a return (its outbox key, `return:<return>`).
 */
export type BankReturnNotice = {
  template: 'bank-debit-returned';
  data: {
    studioName: string;
    /** How to reach the studio ('' when it gave none). */
    studioContact: string;
    family: string;
    /** The bank account debited: "Chase Bank •••• 6789". */
    account: string;
    amount: string;
    /** The day it was debited. */
    debitOn: string;
    /** Why, in plain words (returnSentence). */
    reason: string;
    /** The returned-payment fee added ('' when none). */
    fee: string;
    balance: string;
    /** The day it is presented again ('' when it is not: another method is asked for). */
    presentOn: string;
    /** The parents' portal, where the payment methods are. */
    link: string;
  };
};

type Parts = { subject: string; title: string; lines: string[]; action: { label: string; href: string } };

export function bankReturnParts(n: BankReturnNotice): Parts {
  const d = n.data;
  const next = d.presentOn
    ? [
        `We will present it again on ${d.presentOn}: please make sure the money is in the account by then. If you pay it another way before that day, nothing more will be debited.`,
      ]
    : [
        `We will not debit this account again. Please add another payment method (a card or another bank account), or pay from your family page.`,
      ];
  return {
    subject: `${d.studioName}: your bank returned a payment of ${d.amount}`,
    title: 'A bank payment came back',
    lines: [
      `Hello ${d.family} family,`,
      `Your bank returned the payment of ${d.amount} taken from ${d.account} on ${d.debitOn}. ${d.reason}`,
      'So the payment was taken back: what it paid is owed again.',
      ...(d.fee ? [`A returned payment fee of ${d.fee} was added to your account.`] : []),
      `Your balance is now ${d.balance}.`,
      ...next,
      ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
    ],
    action: d.presentOn
      ? { label: 'See your account', href: d.link }
      : { label: 'Add a payment method', href: d.link },
  };
}
