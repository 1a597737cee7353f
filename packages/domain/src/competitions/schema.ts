/** Competition records and bodies (issue 19, 002 §3): declared here as they are built. */
export {};
