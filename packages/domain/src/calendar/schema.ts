/** The family's calendar feed (issue 19 point 5): its answers and messages. Placeholder. */
export {};
