import {
  DEADLINE_ALERTS_RESUBSCRIBE_PAGES,
  deadlineAlertsUnsubscribedPage,
  invalidDeadlineAlertsLinkPage,
  invalidUnsubscribeLinkPage,
  unsubscribedPage,
} from './unsubscribe-page';

const options = {
  brand: 'Harbor Tax & Accounting',
  appUrl: 'https://portal.example.com',
  supportEmail: 'help@example.com',
};

describe('unsubscribe pages', () => {
  it('says the address is unsubscribed and links home', () => {
    const html = unsubscribedPage(options);
    expect(html).toContain('<h1>You have been unsubscribed</h1>');
    expect(html).toContain('<a href="https://portal.example.com/">Back to the website</a>');
    expect(html).toContain('Harbor Tax &amp; Accounting');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('says an invalid link is not valid, without naming any address', () => {
    const html = invalidUnsubscribeLinkPage(options);
    expect(html).toContain('<h1>This unsubscribe link is not valid</h1>');
    expect(html).toContain('help@example.com');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('deadline alert unsubscribe pages', () => {
  it('say the reminders stop, or that the link is not valid', () => {
    expect(deadlineAlertsUnsubscribedPage(options)).toContain(
      'You will no longer receive tax and compliance deadline reminders at this address.',
    );
    const invalid = invalidDeadlineAlertsLinkPage(options);
    expect(invalid).toContain('<h1>This unsubscribe link is not valid</h1>');
    expect(invalid).toContain('help@example.com');
  });
});

describe('deadline alert resubscribe pages', () => {
  it('ask for the button, say the reminders resume, or send the reader to sign up again', () => {
    const ask = DEADLINE_ALERTS_RESUBSCRIBE_PAGES.confirm(options, 'a&b');
    expect(ask).toContain('<h1>Confirm your deadline reminders</h1>');
    expect(ask).toContain('<form method="post" action="?token=a%26b">');
    expect(ask).toMatch(/<button [^>]*>Confirm<\/button>/);
    expect(DEADLINE_ALERTS_RESUBSCRIBE_PAGES.done(options)).toContain(
      'You will receive tax and compliance deadline reminders at this address again',
    );
    const invalid = DEADLINE_ALERTS_RESUBSCRIBE_PAGES.invalid(options);
    expect(invalid).toContain('<h1>This link is invalid or expired</h1>');
    expect(invalid).toContain('sign up again on our Deadline Alerts page');
  });
});
