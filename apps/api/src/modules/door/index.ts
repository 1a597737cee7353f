/**
 * The door and backstage (issue 38 items 5 and 6, decision 075): tickets scanned at the door, dancers
 * signed in and out backstage, both from a phone that may be offline.
 */
export { doorRoutes } from './door.routes';
