import { APP_NAME } from '@pirouette/domain';
import { type ClosureMail, renderClosureMail } from './closure-mails';
import { type FamilyNotice, renderNotice } from './family-notices';
import { type MakeupNotice, makeupNoticeParts } from './makeup-notices';
import { type MethodNotice, methodNoticeParts } from './method-notices';
import { type BankReturnNotice, bankReturnParts } from './return-notices';
import { type RollNotice, renderRollNotice } from './roll-notices';
import { type TicketNotice, ticketNoticeParts } from './ticket-notices';

export type MailMessage =
  | { template: 'registration-code'; data: { code: string; minutes: number } }
  | { template: 'verify-email'; data: { firstName: string; link: string; hours: number } }
  | { template: 'password-reset'; data: { firstName: string; link: string; minutes: number } }
  | {
      template: 'family-invitation';
      data: { firstName: string; studioName: string; link: string; days: number };
    }
  | { template: 'family-added'; data: { firstName: string; studioName: string; link: string } }
  | {
      template: 'teacher-invitation';
      data: { firstName: string; studioName: string; link: string; days: number; hasAccount: boolean };
    }
  | {
      template: 'waitlist-offer';
      data: { studentName: string; className: string; studioName: string; until: string; link: string };
    }
  | {
      template: 'payment-receipt';
      data: {
        studioName: string;
        /** How to reach the studio: "(973) 555-0100 or hello@studio.example". */
        studioContact: string;
        family: string;
        amount: string;
        method: string;
        reference: string;
        receivedOn: string;
        /** What it paid, one line per item, and what was kept as credit. */
        lines: string[];
        balance: string;
        credit: string;
        number: string;
      };
    }
  | {
      template: 'balance-due';
      data: {
        studioName: string;
        studioContact: string;
        family: string;
        balance: string;
        /** Of the balance, what is past its due date ('' when nothing is). */
        overdue: string;
        credit: string;
        /** Each open charge, oldest first: what is left of it (of its total), when it was due, and its working. */
        lines: { item: string; due: string; overdue: boolean; open: string; total: string; why: string[] }[];
        link: string;
        transaction: string;
      };
    }
  | {
      template: 'autopay-reminder';
      data: {
        studioName: string;
        studioContact: string;
        family: string;
        card: string;
        amount: string;
        on: string;
      };
    }
  | {
      template: 'card-expiring';
      data: {
        studioName: string;
        studioContact: string;
        family: string;
        card: string;
        /** MM/YYYY */
        expires: string;
        autopay: boolean;
      };
    }
  | {
      template: 'autopay-declined';
      data: {
        studioName: string;
        studioContact: string;
        family: string;
        /** The card declined ('' when the family has none). */
        card: string;
        amount: string;
        /** Why, in plain words. */
        reason: string;
        /** When it is tried again ('' when it is not). */
        nextTry: string;
        newCardNeeded: boolean;
        /** The backup method charged instead, after a hard decline (decision 070). */
        backup?: string;
        /** Opens the payment (Pay now) or the card form in one tap (decision 070). */
        link?: string;
      };
    }
  | FamilyNotice
  | RollNotice
  | ClosureMail
  | MakeupNotice
  | BankReturnNotice
  | MethodNotice
  | TicketNotice;

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One plain layout for every message: readable in any client, no remote images. */
function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#7048e8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f4f3f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#222"><div style="max-width:520px;margin:32px auto;background:#fff;border-radius:8px;padding:32px"><h1 style="font-size:20px;margin:0 0 24px;color:#5f3dc4">${APP_NAME}</h1><h2 style="font-size:18px;margin:0 0 16px">${escapeHtml(title)}</h2>${body}${button}<p style="margin:32px 0 0;font-size:12px;color:#888">You received this e-mail because someone used this address on ${APP_NAME}. If it was not you, you can ignore it.</p></div></body></html>`;
}

export function renderMail(message: MailMessage): RenderedMail {
  switch (message.template) {
    case 'bill':
    case 'overdue-reminder':
    case 'late-fee':
    case 'returned-check':
    case 'registration-confirmed':
    case 'registration-decision':
      return renderNotice(message, layout);
    case 'makeup-credit':
      return renderRollNotice(message, layout);
    case 'closure-notice':
    case 'closure-lifted':
      return renderClosureMail(message, layout);
    case 'bank-debit-returned': {
      const p = bankReturnParts(message);
      return {
        subject: p.subject,
        text: `${p.lines.join('\n\n')}\n\n${p.action.href}\n`,
        html: layout(p.title, p.lines, p.action),
      };
    }
    case 'card-unusable': {
      const p = methodNoticeParts(message);
      return {
        subject: p.subject,
        text: `${p.lines.join('\n\n')}\n\n${p.action.href}\n`,
        html: layout(p.title, p.lines, p.action),
      };
    }
    case 'recital-tickets':
    case 'recital-tickets-refunded': {
      const p = ticketNoticeParts(message);
      return {
        subject: p.subject,
        text: `${p.lines.join('\n\n')}\n${p.action ? `\n${p.action.href}\n` : ''}`,
        html: layout(p.title, p.lines, p.action ?? undefined),
      };
    }
    case 'makeup-booked':
    case 'makeup-cancelled':
    case 'makeup-granted':
    case 'makeup-expiring': {
      const p = makeupNoticeParts(message);
      return {
        subject: p.subject,
        text: `${p.lines.join('\n\n')}\n\n${p.action.href}\n`,
        html: layout(p.title, p.lines, p.action),
      };
    }
    case 'registration-code':
    case 'verify-email':
    case 'password-reset':
    case 'family-invitation':
    case 'family-added':
    case 'waitlist-offer':
      return renderAccountMail(message);
    case 'teacher-invitation':
      return renderTeacherInvitation(message);
    default:
      return renderMoneyMail(message);
  }
}

type MailOf<T extends MailMessage['template']> = Extract<MailMessage, { template: T }>;

/** The mails of a person's account: codes, links to confirm or choose a password, invitations, offers. */
function renderAccountMail(
  message: MailOf<
    | 'registration-code'
    | 'verify-email'
    | 'password-reset'
    | 'family-invitation'
    | 'family-added'
    | 'waitlist-offer'
  >,
): RenderedMail {
  switch (message.template) {
    case 'registration-code': {
      const { code, minutes } = message.data;
      const lines = [
        `Your ${APP_NAME} verification code is ${code}.`,
        `Enter it on the registration page to continue. It works once and expires in ${minutes} minutes.`,
      ];
      return {
        subject: `Your ${APP_NAME} verification code: ${code}`,
        text: `${lines.join('\n\n')}\n`,
        html: layout('Your verification code', lines),
      };
    }
    case 'verify-email': {
      const { firstName, link, hours } = message.data;
      const lines = [
        `Hello ${firstName},`,
        `Please confirm your e-mail address to finish setting up your ${APP_NAME} account. The link works once and expires in ${hours} hours.`,
      ];
      return {
        subject: `Confirm your e-mail address for ${APP_NAME}`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout('Confirm your e-mail address', lines, { label: 'Confirm e-mail address', href: link }),
      };
    }
    case 'password-reset': {
      const { firstName, link, minutes } = message.data;
      const lines = [
        `Hello ${firstName},`,
        `We received a request to change the password of your ${APP_NAME} account. The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      ];
      return {
        subject: `Change your ${APP_NAME} password`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout('Change your password', lines, { label: 'Choose a new password', href: link }),
      };
    }
    case 'family-invitation': {
      const { firstName, studioName, link, days } = message.data;
      const lines = [
        `Hello ${firstName},`,
        `Your family's account at ${studioName} is ready on ${APP_NAME}, where you can see your dancers' classes, tuition and payments. Choose a password to sign in. The link works once and expires in ${days} days.`,
      ];
      return {
        subject: `${studioName} invites you to ${APP_NAME}`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout('Choose your password', lines, { label: 'Choose a password', href: link }),
      };
    }
    case 'family-added': {
      const { firstName, studioName, link } = message.data;
      const lines = [
        `Hello ${firstName},`,
        `${studioName} added you to your family's account on ${APP_NAME}. Sign in with your usual e-mail address and password to see your dancers' classes, tuition and payments.`,
      ];
      return {
        subject: `${studioName} added you to your family's account`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(`Welcome to ${studioName}`, lines, { label: 'Sign in', href: link }),
      };
    }
    case 'waitlist-offer': {
      const { studentName, className, studioName, until, link } = message.data;
      const lines = [
        `Good news: a place opened in ${className} at ${studioName}, and it is ${studentName}'s, the first on the waitlist.`,
        `We hold it until ${until}. Accept it from your family's page to register; the class's price and your payment plan are worked out then. If you do not need it, decline it and it passes to the next dancer.`,
      ];
      return {
        subject: `A place for ${studentName} in ${className}`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(`A place in ${className}`, lines, { label: 'See the offer', href: link }),
      };
    }
  }
}

/** A studio's teacher invited to sign in (issue 36): choose a password, or accept with their own. */
function renderTeacherInvitation(message: MailOf<'teacher-invitation'>): RenderedMail {
  const { firstName, studioName, link, days, hasAccount } = message.data;
  const lines = [
    `Hello ${firstName},`,
    hasAccount
      ? `${studioName} invites you to sign in to ${APP_NAME} as one of its teachers, to see your classes and your dancers on your phone. Open the link and sign in with your ${APP_NAME} password to accept.`
      : `${studioName} invites you to sign in to ${APP_NAME} as one of its teachers, to see your classes and your dancers on your phone. Choose a password to start.`,
    `The link works once and expires in ${days} days.`,
  ];
  return {
    subject: `${studioName} invites you to ${APP_NAME} as a teacher`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(`Teach at ${studioName}`, lines, {
      label: hasAccount ? 'Accept the invitation' : 'Choose a password',
      href: link,
    }),
  };
}

/** The mails about a family's money: receipts, balances, automatic payments, cards. */
function renderMoneyMail(
  message: MailOf<
    'payment-receipt' | 'balance-due' | 'autopay-reminder' | 'autopay-declined' | 'card-expiring'
  >,
): RenderedMail {
  switch (message.template) {
    case 'payment-receipt': {
      const d = message.data;
      const head = `${d.studioName} received ${d.amount} by ${d.method}${d.reference ? ` (${d.reference})` : ''} on ${d.receivedOn}. Thank you.`;
      const paid = d.lines.length > 0 ? ['It paid:', ...d.lines.map((l) => `• ${l}`)] : [];
      const after = `Your balance is now ${d.balance}.${d.credit ? ` You have ${d.credit} of credit, used for your next charges.` : ''}`;
      const contact = d.studioContact
        ? [`Questions about this payment? Contact ${d.studioName}: ${d.studioContact}.`]
        : [];
      const lines = [head, ...paid, after, `Receipt ${d.number}, ${d.family} family.`, ...contact];
      return {
        subject: `Receipt: ${d.amount} received by ${d.studioName}`,
        text: `${lines.join('\n\n')}\n`,
        html: layout(`Payment received: ${d.amount}`, lines),
      };
    }
    case 'balance-due': {
      const d = message.data;
      const items = d.lines.map((l) => {
        const left = l.open === l.total ? l.open : `${l.open} left of ${l.total}`;
        const head = `• ${l.item}: ${left}, due ${l.due}${l.overdue ? ' (past due)' : ''}.`;
        return l.why.length > 0 ? `${head} ${l.why.join('; ')}.` : head;
      });
      const lines = [
        `Hello ${d.family} family,`,
        `Your account at ${d.studioName} has a balance of ${d.balance}${d.overdue ? `, of which ${d.overdue} is past due` : ''}. Here is what it is for:`,
        ...items,
        ...(d.credit ? [`You also hold ${d.credit} of credit, used for your next charges.`] : []),
        'Your family page shows every charge, how it was worked out, and what you paid.',
        ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
      ];
      return {
        subject: `${d.studioName}: your balance of ${d.balance}`,
        text: `${lines.join('\n\n')}\n\n${d.link}\n`,
        html: layout(`Your balance: ${d.balance}`, lines, { label: 'See your account', href: d.link }),
      };
    }
    case 'autopay-reminder': {
      const d = message.data;
      const lines = [
        `Hello ${d.family} family,`,
        `On ${d.on}, ${d.studioName} will charge ${d.amount} to ${d.card}, your card on file, for the balance due then (as your account stands today).`,
        'Nothing to do if that is fine. To pay another way, or to turn automatic payments off, open your family page before then.',
        ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
      ];
      return {
        subject: `${d.studioName}: ${d.amount} will be charged on ${d.on}`,
        text: `${lines.join('\n\n')}\n`,
        html: layout(`Automatic payment on ${d.on}`, lines),
      };
    }
    case 'autopay-declined': {
      const d = message.data;
      const what = d.card
        ? `The automatic payment of ${d.amount} to ${d.card} did not go through. ${d.reason}`
        : d.reason;
      const then = d.backup
        ? `We are charging your backup method, ${d.backup}, instead. Please add a new card for your next payments.`
        : d.newCardNeeded
          ? 'Please add a new card or bank account on your family page: automatic payments resume with it.'
          : d.nextTry
            ? `We will try again on ${d.nextTry}. You can also pay now from your family page.`
            : 'We will not try again: please pay from your family page.';
      const lines = [
        `Hello ${d.family} family,`,
        what,
        then,
        ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
      ];
      const button = d.link
        ? { label: d.newCardNeeded ? 'Add a card or bank account' : 'Pay now', href: d.link }
        : undefined;
      return {
        subject: d.newCardNeeded
          ? `${d.studioName}: a new card is needed`
          : `${d.studioName}: your automatic payment did not go through`,
        text: `${lines.join('\n\n')}\n${d.link ? `\n${button!.label}: ${d.link}\n` : ''}`,
        html: layout(d.newCardNeeded ? 'A new card is needed' : 'Automatic payment declined', lines, button),
      };
    }
    case 'card-expiring': {
      const d = message.data;
      const lines = [
        `Hello ${d.family} family,`,
        `${d.card}, the card on file at ${d.studioName}, expires at the end of ${d.expires}.`,
        d.autopay
          ? 'Automatic payments are charged to it: add your new card on your family page before then so they keep going.'
          : 'Add your new card on your family page when you have it, to keep paying by card.',
        ...(d.studioContact ? [`Questions? Contact ${d.studioName}: ${d.studioContact}.`] : []),
      ];
      return {
        subject: `${d.studioName}: your card on file expires ${d.expires}`,
        text: `${lines.join('\n\n')}\n`,
        html: layout('Your card is expiring', lines),
      };
    }
  }
}
