import { ADMIN_USER_TYPE, type SessionReply } from '@portal/contracts';

/** The signed-in user as the app uses it, whatever shape the server or an older stored session had. */
export interface User {
  id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  firstName: string;
  lastName: string;
  is_verified: boolean;
  isVerified: boolean;
  role: string | null;
  /** 99 means admin. */
  user_type: number | null;
}

/** A user as a server reply or browser storage gives it. */
export type RawUser = Record<string, unknown>;

/** Spec part 1, section 3: each field may come under more than one name; missing names get defaults. */
export function normalizeUser(raw: RawUser): User {
  const id = raw.user_id ?? raw.id;
  const firstName = nonEmptyString(raw.first_name) ?? nonEmptyString(raw.firstName) ?? '';
  const lastName = nonEmptyString(raw.last_name) ?? nonEmptyString(raw.lastName) ?? '';
  const verified = raw.is_verified === true || raw.isVerified === true || raw.verified === true;
  const userType = typeof raw.user_type === 'string' && raw.user_type.trim() ? Number(raw.user_type) : raw.user_type;
  return {
    id: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
    email: typeof raw.email === 'string' ? raw.email : '',
    first_name: firstName,
    last_name: lastName,
    firstName,
    lastName,
    is_verified: verified,
    isVerified: verified,
    role: typeof raw.role === 'string' ? raw.role : null,
    user_type: typeof userType === 'number' && Number.isInteger(userType) ? userType : null,
  };
}

/** Applies a change to the user, keeping each snake_case field equal to its camelCase twin. */
export function applyUserPatch(user: User, patch: Partial<User>): User {
  const firstName = patch.first_name ?? patch.firstName ?? user.first_name;
  const lastName = patch.last_name ?? patch.lastName ?? user.last_name;
  const verified = patch.is_verified ?? patch.isVerified ?? user.is_verified;
  return {
    ...user,
    ...patch,
    first_name: firstName,
    firstName,
    last_name: lastName,
    lastName,
    is_verified: verified,
    isVerified: verified,
  };
}

/** Initials of first and last name for the avatar, or 'U' when the user has no name. */
export function userInitials(user: Pick<User, 'first_name' | 'last_name'>): string {
  const initials = [user.first_name, user.last_name].map((name) => name.trim().charAt(0).toUpperCase()).join('');
  return initials || 'U';
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The user of a login reply, as the session stores it (the token is kept apart). */
export function loginUser(reply: SessionReply): RawUser {
  return {
    user_id: reply.user_id,
    email: reply.email,
    first_name: reply.first_name,
    last_name: reply.last_name,
    is_verified: reply.is_verified,
    role: reply.role,
    user_type: reply.user_type,
  };
}

/** user_type ADMIN_USER_TYPE (99) is the admin (spec part 1, section 6): the only one that sees Admin. */
export function isAdmin(user: Pick<User, 'user_type'> | null | undefined): boolean {
  return user?.user_type === ADMIN_USER_TYPE;
}
