const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id in a path, when it is one (a UUID in its usual hyphenated form), lower-cased;
 * undefined otherwise, so a malformed id is "not found" rather than a database error.
 */
export function parseId(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;
}

/** A category or provider name from a path: trimmed, and undefined when it cannot be one. */
export function parseName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim();
  return name.length > 0 && name.length <= 100 ? name : undefined;
}
