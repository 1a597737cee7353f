import type { BuilderClass } from '@pirouette/domain';

/** What the builder's week shows of a location: all its rooms or one, every day or one, any age or one. */
export type WeekFilter = {
  locationID: string;
  roomID: string | null;
  day: number | null;
  age: number | null;
};

/** The classes of the location that pass the filter, by day then start time then room. */
export function classesInWeek(classes: readonly BuilderClass[], f: WeekFilter): BuilderClass[] {
  return classes
    .filter(
      (c) =>
        c.locationID === f.locationID &&
        (f.roomID === null || c.roomID === f.roomID) &&
        (f.day === null || c.day === f.day) &&
        (f.age === null || (c.age_min <= f.age && f.age <= c.age_max)),
    )
    .sort((a, b) => a.day - b.day || a.timeStart.localeCompare(b.timeStart) || a.room.localeCompare(b.room));
}

/** The ages the location's classes are for, youngest first (an open-ended class counts up to 18). */
export function agesOffered(classes: readonly BuilderClass[], locationID: string): number[] {
  const ages = new Set<number>();
  for (const c of classes) {
    if (c.locationID !== locationID) continue;
    const top = Math.min(c.age_max, 18);
    for (let age = Math.max(c.age_min, 2); age <= top; age++) ages.add(age);
  }
  return [...ages].sort((a, b) => a - b);
}
