/**
 * The venue's seating and the ticket prices (issue 38 item 4, decision 075): the owner describes the seats
 * once per recital and prices them. The tickets read the seats and prices from the tables.
 */
export { venueRoutes } from './venue.routes';
