import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import {
  competitionCompanyInput,
  competitionCompanyList,
  competitionCompanyParams,
  competitionEntryEdit,
  competitionEntryInput,
  competitionEntryList,
  competitionEventEntriesAnswer,
  competitionEventEntriesInput,
  competitionEventInput,
  competitionEventList,
  competitionEventParams,
  competitionIdParams,
  competitionLocationAnswer,
  competitionLocationInput,
} from './schema';

const tags = ['competitions'];
/** 002 §7 "Competitions", lower-cased like the other `mystudio` paths (paths match without regard to case). */
const BASE = '/api/mystudio/competition';

/** Competition companies (002 §7: GET, POST; PUT and DELETE by id). */
export const competitionCompanyCalls = {
  list: defineCall({
    method: 'GET',
    path: `${BASE}/company`,
    answer: competitionCompanyList,
    access: 'owner',
    summary: "The studio's competition companies, with how many locations and events each has",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: `${BASE}/company`,
    body: competitionCompanyInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a competition company (name and e-mail required)',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: `${BASE}/company/:id`,
    params: competitionIdParams,
    body: competitionCompanyInput,
    answer: messageResult,
    access: 'owner',
    summary: "Change a competition company's name and contact details",
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: `${BASE}/company/:id`,
    params: competitionIdParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a competition company with its locations, unless an event is held at one of them',
    tags,
  }),
};

/** A competition company's locations (002 §7: GET and POST by company, PUT and DELETE by id). */
export const competitionLocationCalls = {
  ofCompany: defineCall({
    method: 'GET',
    path: `${BASE}/location/:companyId`,
    params: competitionCompanyParams,
    answer: competitionLocationAnswer,
    access: 'owner',
    summary: "A competition company's locations (`loc`) and the events held at them (`event`)",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: `${BASE}/location/:companyId`,
    params: competitionCompanyParams,
    body: competitionLocationInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a location to a competition company (a name or a first address line)',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: `${BASE}/location/:id`,
    params: competitionIdParams,
    body: competitionLocationInput,
    answer: messageResult,
    access: 'owner',
    summary: "Change a competition location's name and address",
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: `${BASE}/location/:id`,
    params: competitionIdParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a competition location that holds no event',
    tags,
  }),
};

/** Competition events (002 §7), and the event created together with its entries. */
export const competitionEventCalls = {
  list: defineCall({
    method: 'GET',
    path: `${BASE}/event`,
    answer: competitionEventList,
    access: 'owner',
    summary: "The studio's competition events, by first day, each with its company, location and entries",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: `${BASE}/event`,
    body: competitionEventInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add an event at a competition location (type Regional when not given)',
    tags,
  }),
  addWithEntries: defineCall({
    method: 'POST',
    path: `${BASE}/event/entry`,
    body: competitionEventEntriesInput,
    answer: competitionEventEntriesAnswer,
    access: 'owner',
    summary: 'Add an event together with its entries: all saved, or none',
    description:
      "Prices in dollars. Any entry with a name under 2 characters, a dancer limit or a price of 0, a maximum below the minimum or a customer price below the studio's refuses the whole with 'Input Error: Please review entry input values, and try again.'",
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: `${BASE}/event/:id`,
    params: competitionIdParams,
    body: competitionEventInput,
    answer: messageResult,
    access: 'owner',
    summary: "Change an event's location, dates or type",
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: `${BASE}/event/:id`,
    params: competitionIdParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete an event with its entries',
    tags,
  }),
};

/** An event's entries (002 §7: GET by event, POST, PUT and DELETE by id). */
export const competitionEntryCalls = {
  ofEvent: defineCall({
    method: 'GET',
    path: `${BASE}/entries/:eventId`,
    params: competitionEventParams,
    answer: competitionEntryList,
    access: 'owner',
    summary: "A competition event's entries, in the order they were added",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: `${BASE}/entry`,
    body: competitionEntryInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add an entry to a competition event (the batch rules hold for one entry too)',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: `${BASE}/entry/:id`,
    params: competitionIdParams,
    body: competitionEntryEdit,
    answer: messageResult,
    access: 'owner',
    summary: "Change a competition entry's name, prices, dancer limits or notes",
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: `${BASE}/entry/:id`,
    params: competitionIdParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a competition entry',
    tags,
  }),
};
