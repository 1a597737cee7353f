import { defineCall } from '../contract';
import {
  competitionClassRegistrationInput,
  competitionClassRemovalParams,
  competitionPaidAnswer,
  competitionPaidInput,
  competitionPrivateRegistrationInput,
  competitionPrivateRemovalParams,
  competitionRegisteredAnswer,
  competitionRegisteredEvent,
  competitionRegistrationIdParams,
  competitionRemovedAnswer,
  competitionStudentsRegistrationInput,
  competitionWorkingLists,
  competitionWorkingListsInput,
} from './registration-schema';
import { competitionEventParams } from './schema';

const tags = ['competitions'];
/** 002 §7 "Competitions", lower-cased like the other `mystudio` paths (paths match without regard to case). */
const BASE = '/api/mystudio/competition';

/** Competition registration (issue 19 points 2–3, decision 032): the owner's only. */
export const competitionRegistrationCalls = {
  registered: defineCall({
    method: 'GET',
    path: `${BASE}/registered/event/:eventId`,
    params: competitionEventParams,
    answer: competitionRegisteredEvent,
    access: 'owner',
    summary: "An event's registrations, grouped by dancer, with each fee and what is paid of it",
    description:
      'Money in dollars. `totals.priceStudio` is what the studio owes the competition for the event; a line is paid (`isPayed` 1) when the family has paid all of its fee on the ledger.',
    tags,
  }),
  workingLists: defineCall({
    method: 'POST',
    path: `${BASE}/registration`,
    body: competitionWorkingListsInput,
    answer: competitionWorkingLists,
    access: 'owner',
    summary:
      "The registration screen's lists for an entry, a year term, a location and a type: classes, dance numbers and their dancers, or private lessons and theirs",
    description:
      'A dancer counts when active in the number (or private lesson) with its competition flag on, or registered on the entry already. A number is registered (`isReg` 1) when all its dancers are; a class when all its numbers with dancers are; a private lesson when its registered dancers equal its active ones and are above zero.',
    tags,
  }),
  registerClass: defineCall({
    method: 'POST',
    path: `${BASE}/registration/class`,
    body: competitionClassRegistrationInput,
    answer: competitionRegisteredAnswer,
    access: 'owner',
    summary:
      "Register dance numbers on an entry: each number's dancers not yet registered, charged the entry's fee",
    description:
      "Each number's registered dancers must stay within the entry's dancer limits, else nothing is registered. Sent twice, registered and charged once.",
    tags,
  }),
  registerPrivate: defineCall({
    method: 'POST',
    path: `${BASE}/registration/private`,
    body: competitionPrivateRegistrationInput,
    answer: competitionRegisteredAnswer,
    access: 'owner',
    summary:
      "Register private lessons on an entry: each lesson's dancers not yet registered, charged the entry's fee",
    tags,
  }),
  registerStudents: defineCall({
    method: 'POST',
    path: `${BASE}/registration/students`,
    body: competitionStudentsRegistrationInput,
    answer: competitionRegisteredAnswer,
    access: 'owner',
    summary: 'Register single dancers of dance numbers (or, type `prv`, of private lessons) on an entry',
    tags,
  }),
  removeClass: defineCall({
    method: 'DELETE',
    path: `${BASE}/registration/class/:entry/:mode/:id/:acctStdID`,
    params: competitionClassRemovalParams,
    answer: competitionRemovedAnswer,
    access: 'owner',
    summary: 'Take a dance number (`dnc`, last segment `null`) or one of its dancers (`std`) off an entry',
    description:
      "Before the event's first day the fees come off the families' bills (what was paid goes to their credit); on or after it they stay, and the answer says so.",
    tags,
  }),
  removePrivate: defineCall({
    method: 'DELETE',
    path: `${BASE}/registration/private/:entry/:mode/:id/:acctStdID`,
    params: competitionPrivateRemovalParams,
    answer: competitionRemovedAnswer,
    access: 'owner',
    summary: 'Take a private lesson (`prv`, last segment `null`) or one of its dancers (`std`) off an entry',
    tags,
  }),
  paid: defineCall({
    method: 'PUT',
    path: `${BASE}/registration/:id/paid`,
    params: competitionRegistrationIdParams,
    body: competitionPaidInput,
    answer: competitionPaidAnswer,
    access: 'owner',
    summary:
      "A registration line's paid flag: the ledger's, confirmed, or refused with where to record the payment",
    description:
      "The fee is a charge on the family's ledger, and the line is paid when the charge is. The flag sent as the ledger has it is answered; any other is refused (422), nothing changed.",
    tags,
  }),
};
