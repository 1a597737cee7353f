/** Competition calls (issue 19, 002 §7 "Competitions"): declared here as they are built. */
export {};
