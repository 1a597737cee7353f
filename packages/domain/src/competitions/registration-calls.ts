/** Competition registration calls (issue 19 points 2–3, 002 §7 "Competitions"): declared here as they are built. */
export {};
