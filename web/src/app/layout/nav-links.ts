import { ROUTES } from '../../shared/routes';

/** The About menu (spec part 1, section 2). */
export const ABOUT_LINKS = [
  { label: 'About Us', to: ROUTES.about },
  { label: 'Careers', to: ROUTES.careers },
  { label: 'Contact', to: ROUTES.contact },
] as const;
