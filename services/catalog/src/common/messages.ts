/** The details of the catalog's 404s (the web shows them as they are). */
export const NOT_FOUND = {
  service: 'Service not found',
  package: 'Package not found',
  form: 'Form not found',
  page: 'Page not found',
} as const;
