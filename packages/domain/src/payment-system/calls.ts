/** The declared calls of this area (decision 022): only objects of calls are exported here. */
export {};
