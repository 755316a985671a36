import { readSiteConfig } from './site-config';

/** This build's configuration. Tests use readSiteConfig with their own values (jest has no import.meta.env). */
export const siteConfig = readSiteConfig(import.meta.env);
