/** Competition overview calls (issue 19 point 4): declared here as they are built. */
export {};
