/** Names and places the large seed draws from: enough variety that searches and sorting do real work. */

/** A small deterministic random source (mulberry32), so that one scale seeds the same studio every time. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof randomSource>;

/** A 10-digit New Jersey phone number. */
export const phone = (r: Random) => `973${r.int(200, 999)}${String(r.int(0, 9999)).padStart(4, '0')}`;

// biome-ignore format: a list, not code
export const FIRST_NAMES_GIRLS = [
  'Ava', 'Olivia', 'Emma', 'Sophia', 'Isabella', 'Mia', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Ella',
  'Scarlett', 'Grace', 'Chloe', 'Lily', 'Zoe', 'Nora', 'Hannah', 'Aria', 'Layla', 'Riley', 'Penelope',
  'Camila', 'Luna', 'Stella', 'Hazel', 'Violet', 'Aurora', 'Savannah', 'Audrey', 'Brooklyn', 'Claire',
  'Skylar', 'Lucy', 'Paisley', 'Anna', 'Caroline', 'Naomi', 'Elena', 'Maya', 'Priya', 'Anika', 'Mei',
  'Hana', 'Yuna', 'Sofia', 'Lucia', 'Valentina', 'Amara', 'Zara', 'Aaliyah', 'Imani', 'Keira', 'Fiona',
  'Saoirse', 'Ingrid', 'Freya', 'Noor', 'Leila', 'Talia',
] as const;

// biome-ignore format: a list, not code
export const FIRST_NAMES_BOYS = [
  'Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'Lucas', 'Mateo', 'Leo', 'Ethan', 'Mason', 'Dev', 'Arjun',
  'Kenji', 'Mateus', 'Diego', 'Kofi', 'Finn', 'Theo', 'Omar', 'Sami',
] as const;

// biome-ignore format: a list, not code
export const ADULT_NAMES = [
  'Jennifer', 'Michael', 'Sarah', 'David', 'Jessica', 'Daniel', 'Laura', 'Robert', 'Emily', 'Christopher',
  'Rachel', 'Matthew', 'Nicole', 'Andrew', 'Stephanie', 'Joshua', 'Megan', 'Ryan', 'Lauren', 'Kevin',
  'Amanda', 'Brian', 'Melissa', 'Jason', 'Rebecca', 'Carlos', 'Maria', 'Ana', 'Wei', 'Linh', 'Aisha',
  'Fatima', 'Chidi', 'Ngozi', 'Soo-jin', 'Hiroshi', 'Elena', 'Marco', 'Giulia', 'Declan',
] as const;

// biome-ignore format: a list, not code
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green',
  'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Patel',
  'Shah', 'Kim', 'Park', 'Chen', 'Wang', 'Tanaka', 'Sato', 'Okafor', 'Mensah', "O'Brien", 'Murphy',
  'Kelly', 'Sullivan', 'Russo', 'Romano', 'Bianchi', 'Novak', 'Kowalski', 'Schmidt', 'Müller', 'Dubois',
  'Laurent', 'Costa', 'Silva', 'Alvarez', 'Ortiz', 'Brennan', 'Hartley', 'Van der Berg',
] as const;

// biome-ignore format: a list, not code
export const TOWNS = [
  ['Montclair', 'NJ', '07042'], ['Maplewood', 'NJ', '07040'], ['Bloomfield', 'NJ', '07003'],
  ['Glen Ridge', 'NJ', '07028'], ['Nutley', 'NJ', '07110'], ['Verona', 'NJ', '07044'],
  ['West Orange', 'NJ', '07052'], ['Cedar Grove', 'NJ', '07009'],
] as const;

// biome-ignore format: a list, not code
export const STREETS = [
  'Park Place', 'Elm Avenue', 'Oak Street', 'Maple Drive', 'Valley Road', 'Highland Avenue',
  'Church Street', 'Bellevue Avenue', 'Orange Road', 'Midland Avenue', 'Lorraine Avenue', 'Grove Street',
] as const;

// biome-ignore format: a list, not code
export const STUDIO_WORDS = [
  ['Grand Jeté', 'Relevé', 'Arabesque', 'Pas de Deux', 'Encore', 'Spotlight', 'Center Stage', 'Pointe'],
  ['Dance Studio', 'Ballet School', 'Dance Academy', 'Performing Arts', 'Dance Company'],
] as const;

// biome-ignore format: a list, not code
export const SONGS = [
  ['Firework', 'Katy Perry'], ['Rise Up', 'Andra Day'], ['Sing, Sing, Sing', 'Benny Goodman'],
  ['Happy', 'Pharrell Williams'], ['Shallow', 'Lady Gaga'], ['Clair de Lune', 'Debussy'],
  ['Waltz of the Flowers', 'Tchaikovsky'], ['Titanium', 'David Guetta'], ['Roar', 'Katy Perry'],
  ['Defying Gravity', 'Idina Menzel'],
] as const;
