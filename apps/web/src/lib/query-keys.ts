/** Every contest query starts with this key, so a vote can mark them all stale at once. */
export const contestQueryKey = ['contest'] as const;
