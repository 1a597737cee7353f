/** The time, handed to services so tests can move it (an expired link, a lapsed session). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
export const addHours = (d: Date, hours: number) => addMinutes(d, hours * 60);
export const addDays = (d: Date, days: number) => addMinutes(d, days * 1440);
