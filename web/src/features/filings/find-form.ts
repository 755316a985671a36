import { filingSlug } from './slug';

/**
 * The form whose name slugs to `slug` (the address's slug goes through the rule too, so an old link
 * with a stray hyphen or capital still finds its form). The display name (form_name) is the one the
 * rule is about; the short `name` is tried second.
 */
export function findFormBySlug<T extends { form_name: string; name?: string | null }>(
  forms: readonly T[],
  slug: string,
): T | undefined {
  const wanted = filingSlug(safeDecode(slug));
  if (!wanted) return undefined;
  return (
    forms.find((form) => filingSlug(form.form_name) === wanted) ??
    forms.find((form) => !!form.name && filingSlug(form.name) === wanted)
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
