/**
 * A family's competition entries (issue 19 point 5): placeholder, filled in by the family-competitions work.
 */
export const familyCompetitionCalls = {};
