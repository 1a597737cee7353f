/** The family's calendar feed (issue 19 point 5): placeholder, filled in by the calendar-feed work. */
export const calendarFeedCalls = {};
