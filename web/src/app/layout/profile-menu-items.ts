import { ROUTES } from '../../shared/routes';
import { isAdmin, type User } from '../../shared/session/user';

export interface ProfileMenuLink {
  label: string;
  to: string;
}

/** The links of the header's profile menu, in the spec's order; Sign Out follows them. */
export function profileMenuLinks(user: Pick<User, 'user_type'>): ProfileMenuLink[] {
  return [
    { label: 'My Profile', to: ROUTES.profile },
    ...(isAdmin(user) ? [{ label: 'Admin', to: ROUTES.admin }] : []),
    { label: 'Dashboard', to: ROUTES.dashboard },
    { label: 'Subscriptions', to: `${ROUTES.profile}#subscriptions` },
    { label: 'Purchase History', to: `${ROUTES.profile}#purchase-history` },
    { label: 'Settings', to: ROUTES.settings },
  ];
}

/** The name to show and announce for the user: full name, else the e-mail. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  return [user.first_name.trim(), user.last_name.trim()].filter(Boolean).join(' ') || user.email;
}
