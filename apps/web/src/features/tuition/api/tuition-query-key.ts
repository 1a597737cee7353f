/** Every tuition price list of the studio starts with this key; a term's lists add their kind and term. */
export const tuitionQueryKey = ['mystudio', 'tuition'] as const;
