/** iCalendar (RFC 5545) writing for the family's calendar feed (issue 19 point 5). Placeholder. */
export {};
