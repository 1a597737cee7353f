/** The shapes the large seed's planners share, kept apart so that the planners do not import each other's types in a circle. */

/** How much one studio holds. */
export type StudioSpec = {
  locations: number;
  rooms: number;
  teachers: number;
  classes: number;
  families: number;
  students: number;
  registrations: number;
};

/** The family the seed's parent sign-in belongs to: four dancers, each in a few classes. */
export type FeaturedFamily = { email: string; firstName: string; lastName: string; students: number };

export type StudioContext = {
  companyId: string;
  /** A short tag that keeps generated e-mail addresses unique across studios. */
  tag: string;
  term: { id: string; dateStart: string; dateEnd: string };
  /** The studio's genres by name (seedStudioDefaults wrote them). */
  genreIds: Map<string, string>;
  documents: { id: string; version: number }[];
  passwordHash: string;
  /** The day the seed runs, YYYY-MM-DD; ages and creation dates count back from it. */
  today: string;
  featured?: FeaturedFamily;
};

/** A row to insert whose id is made here. */
export type WithId<T> = T & { id: string };
