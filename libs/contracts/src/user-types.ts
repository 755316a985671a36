/**
 * user_type of the firm's staff; everyone else is 1. The web shows Admin for this type only.
 * A module of its own: the web's entry reads it on every page, and the rest of the account
 * contracts (password rules, two-factor texts) belong to the pages that use them.
 */
export const ADMIN_USER_TYPE = 99;
