/**
 * The slug of a filing's page, /filings/{slug} (spec part 2, "Filing detail"; part 1, section 2): the
 * form name with parenthesised text removed, lowercased, spaces, commas and dots turned into single
 * hyphens; hyphens left at either end are dropped, as the web app does ('FinCEN Form 114 (FBAR)' →
 * 'fincen-form-114').
 */
export function filingSlug(formName: string): string {
  return formName
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[\s,.]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The absolute link to a filing's page for a mail. */
export function filingLink(appUrl: string, formName: string): string {
  return `${appUrl}/filings/${encodeURIComponent(filingSlug(formName))}`;
}
