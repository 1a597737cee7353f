import { defineCall } from '../contract';
import {
  competitionOverviewEventParams,
  competitionOverviewList,
  competitionOverviewSaved,
  competitionOverviewSettings,
  competitionOverviewSettingsInput,
  competitionOverviewSettingsSaved,
  competitionRunningOrder,
  competitionRunningOrderInput,
} from './overview-schema';

const tags = ['competitions'];
const BASE = '/api/mystudio/competition/overview';

/** The competition overview (issue 19 point 4, decision 033): the owner's only. */
export const competitionOverviewCalls = {
  events: defineCall({
    method: 'GET',
    path: BASE,
    answer: competitionOverviewList,
    access: 'owner',
    summary:
      "The season's upcoming events (not ended by the studio's today), each with its entries, performances, dancers, money and quick-change clashes",
    description:
      'Money in dollars: `studioOwes` the studio prices of its registrations, `familiesOwe` the fees charged, `familiesPaid` what the ledger says is paid of them.',
    tags,
  }),
  order: defineCall({
    method: 'GET',
    path: `${BASE}/event/:eventId`,
    params: competitionOverviewEventParams,
    answer: competitionRunningOrder,
    access: 'owner',
    summary:
      "An event's running order: its performances in order, each dancer's places and the quick-change clashes",
    tags,
  }),
  saveOrder: defineCall({
    method: 'PUT',
    path: `${BASE}/event/:eventId`,
    params: competitionOverviewEventParams,
    body: competitionRunningOrderInput,
    answer: competitionOverviewSaved,
    access: 'owner',
    summary: "Set an event's running order: every performance's key once, first to last",
    description:
      "A list that is not exactly the event's performances is refused (422) with a sentence, nothing changed.",
    tags,
  }),
  settings: defineCall({
    method: 'GET',
    path: `${BASE}/settings`,
    answer: competitionOverviewSettings,
    access: 'owner',
    summary: "The studio's quick-change gap: how many places apart a dancer's performances must be",
    tags,
  }),
  saveSettings: defineCall({
    method: 'PUT',
    path: `${BASE}/settings`,
    body: competitionOverviewSettingsInput,
    answer: competitionOverviewSettingsSaved,
    access: 'owner',
    summary: "Set the studio's quick-change gap (1–20 places)",
    tags,
  }),
};
