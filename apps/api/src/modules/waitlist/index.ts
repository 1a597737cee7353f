/** What the waitlist module offers the rest of the server (decision 025): its jobs' work. */
export { EXPIRE_JOB, expireOffer, OFFER_JOB, offerFreePlaces } from './offers';
