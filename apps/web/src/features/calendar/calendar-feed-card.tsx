/** The family's calendar feed (issue 19 point 5). Placeholder. */
export function CalendarFeedCard(_props: { studioName: string }) {
  return null;
}
