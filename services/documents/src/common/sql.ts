export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The text of a timestamptz as the API answers it. */
export const iso = (date: Date | string): string => new Date(date).toISOString();
