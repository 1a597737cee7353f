/** What the waitlist module offers the rest of the server (decision 025): its jobs' work. */
export { waitlistJobHandlers } from './job-handlers';
