/** Competition registration records and bodies (issue 19 points 2–3, 002 §3): declared here as they are built. */
export {};
