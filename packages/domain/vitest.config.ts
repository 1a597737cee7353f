import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    // The rules are pure functions of their arguments: a worker imports them once and runs its files one
    // after another, where a module graph of its own for each file cost more than the tests themselves.
    isolate: false,
  },
});
