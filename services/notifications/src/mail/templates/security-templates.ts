import type { MailTemplates, SecurityNoticeKind } from '@portal/events';
import { formatTimeIn } from './dates';
import { greeting, layout, MailLayoutOptions, RenderedMail } from './layout';

const NOTICES: Record<SecurityNoticeKind, { subject: (brand: string) => string; what: string; also?: string }> = {
  'password-changed': {
    subject: (brand) => `Your ${brand} password was changed`,
    what: 'The password of your account was changed in the account settings.',
  },
  'password-reset': {
    subject: (brand) => `Your ${brand} password was reset`,
    what: 'The password of your account was reset with a link sent to this e-mail address.',
    also: 'Whoever did it could read this mailbox: change the password of your e-mail account too.',
  },
  'two-factor-enabled': {
    subject: (brand) => `Two-factor sign-in was turned on for your ${brand} account`,
    what: 'Two-factor sign-in was turned on for your account: signing in now asks for a code from the authenticator app that was set up.',
    also: 'An authenticator that is not yours keeps you out even with a new password: we turn it off once we have checked who you are.',
  },
  'two-factor-disabled': {
    subject: (brand) => `Two-factor sign-in was turned off for your ${brand} account`,
    what: 'Two-factor sign-in was turned off for your account: signing in now asks for the password only.',
  },
  'two-factor-codes-refused': {
    subject: (brand) => `Wrong two-factor codes were entered for your ${brand} account`,
    what: 'Your password was entered correctly, then too many wrong codes from an authenticator app within a day. Codes from the app are refused for the rest of the day; your recovery codes still work.',
    also: 'Whoever entered the codes knows your password; the second step kept them out.',
  },
  'two-factor-reset': {
    subject: (brand) => `Our staff turned off two-factor sign-in for your ${brand} account`,
    what: 'Our staff turned off two-factor sign-in for your account, as asked by someone who had lost the authenticator app and the recovery codes. You sign in with your password, and can set it up again in the account settings.',
  },
};

/**
 * Identity's notice to an account's owner that its password or second factor changed: what, when, from
 * where, and what to do if it was not them. It carries no token and no code: its link is the public
 * /forgot-password page.
 */
export const SECURITY_TEMPLATES: {
  'security-notice': (data: MailTemplates['security-notice'], options: MailLayoutOptions) => RenderedMail;
} = {
  'security-notice': (data, options) => {
    const notice = NOTICES[data.kind];
    if (!notice) throw new Error(`unknown security notice "${String(data.kind)}"`);
    const details = [
      `When: ${formatTimeIn(data.at, options.timeZone)}`,
      ...(data.ip ? [`IP address: ${data.ip}`] : []),
    ];
    const advice = [
      'If this was you, there is nothing more to do.',
      `If this was not you, reset your password now and write to us at ${options.supportEmail}.`,
    ];
    const after = notice.also ? [notice.also] : [];
    return {
      subject: notice.subject(options.brand),
      text: [
        greeting(data.firstName),
        notice.what,
        details.join('\n'),
        ...advice,
        `Reset your password: ${data.forgotPasswordLink}`,
        ...after,
      ].join('\n\n'),
      html: layout(options, {
        paragraphs: [greeting(data.firstName), notice.what, ...details, ...advice],
        action: { label: 'Reset your password', url: data.forgotPasswordLink },
        after,
      }),
    };
  },
};
