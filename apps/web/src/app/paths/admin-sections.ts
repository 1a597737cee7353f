import {
  IconBuildingStore,
  IconCalendarEvent,
  IconHanger,
  IconMasksTheater,
  IconReceipt2,
  IconTrophy,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export const ADMIN_ROOT = '/accounts/admin';

/** One admin page: where it lives, its sidebar label, its title and what it will hold. */
export type AdminSection = {
  /** Path under /accounts/admin. */
  path: string;
  label: string;
  title: string;
  description: string;
  emptyTitle: string;
  emptyText: string;
};

export type AdminGroup = {
  label: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  sections: AdminSection[];
};

/** The sidebar groups as 000 §2 lists them, with Studio settings added to Studio, and the pages behind them. */
export const ADMIN_GROUPS: AdminGroup[] = [
  {
    label: 'Accounts',
    icon: IconUsers,
    sections: [
      {
        path: 'accounts',
        label: 'List of Accounts',
        title: 'List of Accounts',
        description: 'Every family account of the studio, with its students, users and contacts.',
        emptyTitle: 'No accounts yet',
        emptyText:
          'Parents create their family account themselves through your studio sign-up link. Copy the link and share it with your families; their accounts will be listed here.',
      },
      {
        path: 'accounts/payments',
        label: 'Payments',
        title: 'Payments',
        description: 'Every plan payment of the current term across families: due, paid or overdue.',
        emptyTitle: 'No plan payments yet',
        emptyText:
          'No family pays by a plan in the current term yet. Payments appear here once families register for classes and choose a payment plan.',
      },
      {
        path: 'accounts/payments-auto-charge',
        label: 'Payments auto charge',
        title: 'Payments auto charge',
        description: 'Payments charged automatically to the card on file on each due date.',
        emptyTitle: 'No automatic charges yet',
        emptyText: 'Automatic charges are listed here once families keep a card on file for auto-pay.',
      },
      {
        // Beyond 000 §2's list: parents' registrations the studio approves (issue 15).
        path: 'registrations/pending',
        label: 'Approvals',
        title: 'Approvals',
        description: 'Class registrations made by parents, waiting for your approval.',
        emptyTitle: 'No registrations waiting',
        emptyText:
          'When "Parents\' registrations wait for my approval" is on in the studio settings, the classes parents register for wait here until you approve or reject them.',
      },
    ],
  },
  {
    label: 'Transactions',
    icon: IconReceipt2,
    sections: [
      {
        path: 'transactions',
        label: 'Overview',
        title: 'Transactions overview',
        description:
          'The studio’s money at a glance: takings, what families owe and for how long, credit held and revenue by month.',
        emptyTitle: 'No transactions yet',
        emptyText: 'Every charge, payment and credit will be recorded here as it happens.',
      },
      {
        // Issue 34 item 2 (decision 051): the processor's payouts, as the bank statement shows them.
        path: 'transactions/payouts',
        label: 'Payouts',
        title: 'Payouts',
        description:
          'Card money paid out to the studio’s bank: each payout as the bank statement shows it, the payments it contains and the card processor’s fees.',
        emptyTitle: 'No payouts yet',
        emptyText:
          'Card payments are paid out to the bank the business day after they are made; each payout is listed here once it has been paid.',
      },
      {
        // Issue 37 item 2 (decision 068): returned bank debits and the studio's return rates.
        path: 'transactions/bank-returns',
        label: 'Bank returns',
        title: 'Bank returns',
        description:
          'Bank payments that came back: why, what followed each, and the studio’s return rates against Nacha’s limits (0.5 % unauthorized, 3 % administrative, 15 % in all).',
        emptyTitle: 'No returned bank payment',
        emptyText:
          'When a family’s bank returns a debit, it is listed here with its reason and what followed: presented again, or another payment method asked for.',
      },
      {
        // Issue 34 item 4: the accountant's reports.
        path: 'transactions/books',
        label: 'Books',
        title: 'Books',
        description:
          'The accountant’s reports: the trial balance on any day, each account’s general ledger, the journal for QuickBooks Online or Xero, and statements, each as CSV.',
        emptyTitle: 'Nothing in the books yet',
        emptyText: 'Charges, payments, deposits and payouts appear here as they are posted.',
      },
      {
        // Issue 34 item 3: cash and checks to the bank.
        path: 'transactions/deposits',
        label: 'Deposits',
        title: 'Bank deposits',
        description:
          'Take cash, checks and terminal slips to the bank together: pick them, see the total, print the slip.',
        emptyTitle: 'Nothing to deposit',
        emptyText:
          'Cash, check and terminal payments recorded at the desk wait here until they are deposited.',
      },
      {
        // Issue 34 item 5: closed months.
        path: 'transactions/closing',
        label: 'Closing',
        title: 'Closing months',
        description:
          'Close a month once its books are right, so its reports never change; reopen one with a reason.',
        emptyTitle: 'No month closed',
        emptyText: 'Close a month once it has ended and its deposits and corrections are in.',
      },
    ],
  },
  {
    label: 'Studio',
    icon: IconBuildingStore,
    sections: [
      {
        path: 'myStudio/locations',
        label: 'Locations',
        title: 'Locations',
        description: 'The studio locations and the rooms classes are taught in.',
        emptyTitle: 'No locations yet',
        emptyText: 'Add your studio locations and rooms here to schedule classes in them.',
      },
      {
        path: 'myStudio/dance-year',
        label: 'Dance Year',
        title: 'Dance Year',
        description: 'The year terms of the studio, which one is current, and each term’s tuition prices.',
        emptyTitle: 'No year terms yet',
        emptyText: 'Your studio’s year terms are listed here.',
      },
      {
        path: 'myStudio/payment-system',
        label: 'Payment System',
        title: 'Payment System',
        description: 'The payment plans of each year term: monthly, half year and full year.',
        emptyTitle: 'No payment plans yet',
        emptyText: 'Each year term gets its payment plans when it is created.',
      },
      {
        // Issue 34 item 1 (decision 049): the studio's own merchant account, beside its payment plans.
        path: 'myStudio/get-paid',
        label: 'Get paid',
        title: 'Get paid',
        description: 'Your merchant account: card payments are paid into your studio’s own bank account.',
        emptyTitle: 'No merchant account yet',
        emptyText: 'Open your merchant account to take card payments.',
      },
      {
        path: 'myStudio/discounts',
        label: 'Discounts',
        title: 'Discounts',
        description: 'Multi-class and sibling discounts applied to tuition.',
        emptyTitle: 'No discounts yet',
        emptyText: 'Discounts you set up here are applied when tuition is calculated.',
      },
      {
        path: 'myStudio/document',
        label: 'Documents',
        title: 'Documents',
        description: 'The studio terms parents accept when they register.',
        emptyTitle: 'No documents to edit yet',
        emptyText: 'The studio rules and the media release parents accept will be editable here.',
      },
      {
        // Beyond 000 §2's list: a new studio's owner looks for the settings in the sidebar (issue 13).
        path: 'myStudio/settings',
        label: 'Studio settings',
        title: 'Studio settings',
        description: 'The studio’s details, its tuition rules and fees, and its dance genres.',
        emptyTitle: 'No settings',
        emptyText: 'The studio’s settings are shown here.',
      },
      {
        // Issue 35: the owner brings the studio's families, dancers, classes and balances from another system.
        path: 'myStudio/import',
        label: 'Move in',
        title: 'Move in',
        description:
          'Bring your families, dancers, classes, enrolments and balances from Jackrabbit, iClassPro or a spreadsheet: check the files first, then import them in one go.',
        emptyTitle: 'No import yet',
        emptyText: 'Imports you check and run are listed here.',
      },
    ],
  },
  {
    label: 'Staff',
    icon: IconUserStar,
    sections: [
      {
        path: 'staff',
        label: 'Teachers',
        title: 'Teachers',
        description: 'The teachers of the studio, with their contact details.',
        emptyTitle: 'No teachers yet',
        emptyText: 'Teachers you add here can be assigned to classes and private lessons.',
      },
      {
        path: 'staff/registration',
        label: 'Registration',
        title: 'Staff registration',
        description:
          'Invite your teachers to sign in with their own account and see their classes on a phone.',
        emptyTitle: 'No teachers to invite yet',
        emptyText:
          'Add your teachers on Staff → Teachers first; each can then be invited here at their e-mail address.',
      },
    ],
  },
  {
    label: 'Schedule',
    icon: IconCalendarEvent,
    sections: [
      {
        path: 'schedule/class',
        label: 'Classes',
        title: 'Classes',
        description: 'The weekly class schedule: days, times, rooms, levels and teachers.',
        emptyTitle: 'No classes yet',
        emptyText: 'Classes you schedule here are offered to families when they register.',
      },
      {
        // Issue 36, decision 063: the rolls of the studio's meetings, taken or corrected by the owner.
        path: 'schedule/attendance',
        label: 'Attendance',
        title: 'Attendance',
        description:
          "Each day's class meetings and their rolls: who came, who missed, make-up and trial guests.",
        emptyTitle: 'No meetings on this day',
        emptyText:
          'Classes meet on their weekday through their term; their rolls are taken here or on a phone.',
      },
      {
        path: 'privates',
        label: 'Privates',
        title: 'Privates',
        description: 'Private lessons: solos, duets, trios and groups.',
        emptyTitle: 'No private lessons yet',
        emptyText: 'Private lessons booked for students will be listed here.',
      },
      {
        // Issue 36, decision 062: the studio's closures and its class meetings.
        path: 'schedule/closures',
        label: 'Closures',
        title: 'Closures',
        description:
          'Holidays, recital weeks and snow days: the class meetings they cancel, and the families told.',
        emptyTitle: 'No closures this month',
        emptyText: 'Close one class or every class on some days: their families are told once by e-mail.',
      },
      {
        // Issue 36 item 5 (decision 065): what the studio learns from its rolls.
        path: 'schedule/attendance-reports',
        label: 'Attendance reports',
        title: 'Attendance reports',
        description:
          'Who came to class: attendance per class and per dancer, make-ups given, used and expired, and the dancers absent the last three times in a row, each as CSV.',
        emptyTitle: 'No attendance yet',
        emptyText: 'Attendance shows here once teachers take the roll of their classes.',
      },
    ],
  },
  {
    label: 'Costumes',
    icon: IconHanger,
    sections: [
      {
        // Issue 18: the companies costumes are ordered from, their size charts, and the studio's deposit.
        path: 'costumes/companies',
        label: 'Companies',
        title: 'Costume companies',
        description: 'The companies you order costumes from, their size charts, and the costume deposit.',
        emptyTitle: 'No costume companies yet',
        emptyText:
          'Add the company you order costumes from, then its size chart: the chart suggests each dancer’s size from their measurements.',
      },
      {
        // Issue 18: each dance number's costume styles, and the sizes and colours assigned to its dancers.
        path: 'costumes/numbers',
        label: 'Dance numbers',
        title: 'Dance numbers’ costumes',
        description: 'The costumes of each dance number, and the size and colour of each dancer’s.',
        emptyTitle: 'No dance numbers yet',
        emptyText:
          'Costumes are chosen for dance numbers: add a dance number to a class in the schedule, then pick it here.',
      },
      {
        path: 'costumes/deposits',
        label: 'Deposits',
        title: 'Costume deposits',
        description: 'Costume deposits collected from families.',
        emptyTitle: 'No costume deposits yet',
        emptyText: 'Deposits taken for recital and competition costumes will show here.',
      },
      {
        path: 'costumes/balances',
        label: 'Balances',
        title: 'Costume balances',
        description: 'What each family still owes for its costumes.',
        emptyTitle: 'No costume balances yet',
        emptyText: 'Open costume balances will be listed here once costumes are ordered.',
      },
      {
        path: 'costumes/order-new',
        label: 'Orders',
        title: 'Costume orders',
        description: 'Order assigned costumes from each company, then receive them as they arrive.',
        emptyTitle: 'No costume orders yet',
        emptyText: 'Costume orders you place for your dance numbers will appear here.',
      },
    ],
  },
  {
    label: 'Competition',
    icon: IconTrophy,
    sections: [
      {
        path: 'competition/companies',
        label: 'Companies',
        title: 'Competition companies',
        description: 'The competition companies and events the studio attends.',
        emptyTitle: 'No competition companies yet',
        emptyText: 'Add the competitions your dancers enter to plan registrations and fees.',
      },
      {
        path: 'competition/registration',
        label: 'Registration',
        title: 'Competition registration',
        description: 'Dance numbers and dancers registered for each competition.',
        emptyTitle: 'No competition registrations yet',
        emptyText: 'Registrations of dance numbers for competitions will be listed here.',
      },
      {
        path: 'competition/overview',
        label: 'Overview',
        title: 'Competition overview',
        description: 'Fees, numbers and dancers across the season’s competitions.',
        emptyTitle: 'Nothing to overview yet',
        emptyText: 'Once dancers are registered for competitions, their totals will show here.',
      },
    ],
  },
  {
    // Issue 38: the recital, its shows, fees, seats and tickets, the door and backstage, its reports.
    label: 'Recital',
    icon: IconMasksTheater,
    sections: [
      {
        path: 'recital/shows',
        label: 'Shows',
        title: 'Recital shows',
        description: 'The recital’s shows, which dance numbers dance in each, and their running order.',
        emptyTitle: 'No recital yet',
        emptyText: 'Create the recital, add its shows, then place the dance numbers whose dancers perform.',
      },
      {
        path: 'recital/fees',
        label: 'Fees',
        title: 'Recital fees',
        description: 'The recital fee each performing dancer (or family) pays, posted to the family’s bill.',
        emptyTitle: 'No recital yet',
        emptyText: 'Once a recital is created, its fee and the dancers it is charged to show here.',
      },
      {
        path: 'recital/seating',
        label: 'Seating',
        title: 'Seating and prices',
        description: 'The venue’s seats, the ticket prices and when sales open.',
        emptyTitle: 'No recital yet',
        emptyText: 'Once a recital is created, describe the venue’s seats once and set the prices.',
      },
      {
        path: 'recital/tickets',
        label: 'Tickets',
        title: 'Ticket orders',
        description: 'Every ticket order of the recital: who bought which seats, paid and refunded.',
        emptyTitle: 'No ticket orders yet',
        emptyText: 'Orders appear here once sales open and families start buying.',
      },
      {
        path: 'recital/door',
        label: 'Door & backstage',
        title: 'Door and backstage',
        description: 'Scan tickets at the door and sign dancers in and out backstage, on a phone.',
        emptyTitle: 'No show today',
        emptyText: 'On a show’s day, the door scanner and the backstage list open here.',
      },
      {
        path: 'recital/reports',
        label: 'Reports',
        title: 'Recital reports',
        description: 'Tickets sold and comped, income and fees, seats left, buyers, each dancer’s shows.',
        emptyTitle: 'Nothing to report yet',
        emptyText: 'Once tickets are sold, the recital’s figures show here.',
      },
    ],
  },
];

/** Admin pages outside the sidebar (000 §2 fixes the sidebar): reached from the top bar or from another page. */
export const ADMIN_EXTRA_SECTIONS: AdminSection[] = [
  {
    // One family, opened from the list of accounts.
    path: 'accounts/:id',
    label: 'Account overview',
    title: 'Account overview',
    description: 'A family’s students, users and contacts, contact information, terms and log.',
    emptyTitle: 'This account could not be found',
    emptyText: 'It may have been deleted. The list of accounts shows every family of the studio.',
  },
  {
    // The owner's registration wizard (issue 15), from a family's overview or a class's detail.
    path: 'registrations/new',
    label: 'Register for classes',
    title: 'Register for classes',
    description: 'Register a family’s dancers for classes, with the payment plan.',
    emptyTitle: 'This family could not be found',
    emptyText: 'It may have been deleted. The list of accounts shows every family of the studio.',
  },
  {
    // A deposit's printable slip (issue 34 item 3), from the deposits page.
    path: 'transactions/deposits/:id',
    label: 'Deposit slip',
    title: 'Deposit slip',
    description: 'What the bank’s deposit slip holds: the checks, the cash, the total.',
    emptyTitle: 'This deposit could not be found',
    emptyText: 'The deposits page lists every deposit of the studio.',
  },
  {
    // Issue 35 item 5: the invitations of the parents an import brought, from the Move in page.
    path: 'myStudio/import/invitations',
    label: 'Invite families',
    title: 'Invite the families',
    description: 'Send the parents brought by an import their invitation to set a password and sign in.',
    emptyTitle: 'No imported parent yet',
    emptyText: 'Parents brought by an import are listed here, to invite when you are ready.',
  },
];

export const ADMIN_SECTIONS: AdminSection[] = ADMIN_GROUPS.flatMap((g) => g.sections);
const ALL_SECTIONS = [...ADMIN_SECTIONS, ...ADMIN_EXTRA_SECTIONS];

export const adminHref = (path: string) => `${ADMIN_ROOT}/${path}`;

export function findSection(path: string): AdminSection {
  const section = ALL_SECTIONS.find((s) => s.path === path);
  if (!section) throw new Error(`Unknown admin section: ${path}`);
  return section;
}

/**
 * The sidebar entry a page belongs to: its own, or for a page without one (an account's overview under
 * /accounts/admin/accounts/…) the entry whose address is the longest start of the page's.
 */
export function activeHref(pathname: string): string | null {
  const hrefs = ADMIN_GROUPS.flatMap((g) => g.sections.map((s) => adminHref(s.path)));
  const exact = hrefs.find((href) => samePath(pathname, href));
  if (exact) return exact;
  const path = pathname.toLowerCase();
  const within = hrefs.filter((href) => path.startsWith(`${href.toLowerCase()}/`));
  return within.sort((a, b) => b.length - a.length)[0] ?? null;
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.toLowerCase();
