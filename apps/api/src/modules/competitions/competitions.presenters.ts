import {
  type CompetitionCompanyItem,
  type CompetitionEntryItem,
  type CompetitionEventItem,
  type CompetitionLocationItem,
  centsToDollars,
} from '@pirouette/domain';
import type { competitionCompanies, competitionLocations } from '../../db/schema/competitions';
import type { EntryRow, EventListRow } from './competitions.queries';

/** From rows to the spec's names (002 §3): money as dollars, address lines as `address_1`, `address_2`. */

type CompanyRow = typeof competitionCompanies.$inferSelect;
type LocationRow = typeof competitionLocations.$inferSelect;

export const presentCompany = (
  c: CompanyRow,
  counts: { locations: number; events: number },
): CompetitionCompanyItem => ({
  id: c.id,
  name: c.name,
  address_1: c.address1,
  address_2: c.address2,
  city: c.city,
  state: c.state,
  zipcode: c.zipcode,
  phone: c.phone,
  director: c.director,
  director_phone: c.directorPhone,
  email: c.email,
  nLocations: counts.locations,
  nEvents: counts.events,
});

export const presentLocation = (l: LocationRow, events: number): CompetitionLocationItem => ({
  id: l.id,
  compCoID: l.competitionCompanyId,
  name: l.name,
  address_1: l.address1,
  address_2: l.address2,
  city: l.city,
  state: l.state,
  zipcode: l.zipcode,
  nEvents: events,
});

export const presentEvent = (r: EventListRow): CompetitionEventItem => ({
  id: r.event.id,
  compCoLocID: r.event.locationId,
  dateStart: r.event.dateStart,
  dateEnd: r.event.dateEnd,
  type: r.event.type,
  compCoID: r.compCoId,
  company: r.company,
  location: r.locationName || r.locationAddress,
  nEntries: r.entries,
});

export const presentEntry = (e: EntryRow): CompetitionEntryItem => ({
  id: e.id,
  compCoEventID: e.eventId,
  name: e.name,
  priceStudio: centsToDollars(e.priceStudio),
  priceCustomer: centsToDollars(e.priceCustomer),
  nDancersMin: e.dancersMin,
  nDancersMax: e.dancersMax,
  isPerformance: e.isPerformance,
  notes: e.notes,
});
