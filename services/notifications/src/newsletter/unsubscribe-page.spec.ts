import {
  DEADLINE_ALERTS_RESUBSCRIBE_PAGES,
  deadlineAlertsUnsubscribedPage,
  invalidDeadlineAlertsLinkPage,
  invalidUnsubscribeLinkPage,
  NEWSLETTER_RESUBSCRIBE_PAGES,
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

describe('newsletter resubscribe pages', () => {
  it('ask for the button, say the newsletter resumes, or send the reader to subscribe again', () => {
    const ask = NEWSLETTER_RESUBSCRIBE_PAGES.confirm(options, 'a&b');
    expect(ask).toContain('<h1>Confirm your newsletter subscription</h1>');
    expect(ask).toContain('Press the button to receive our newsletter at this address again.');
    expect(ask).toContain('<form method="post" action="?token=a%26b">');
    expect(ask).toMatch(/<button [^>]*>Confirm<\/button>/);
    const done = NEWSLETTER_RESUBSCRIBE_PAGES.done(options);
    expect(done).toContain('<h1>You are subscribed again</h1>');
    expect(done).toContain('You will receive our newsletter at this address again; a welcome e-mail is on its way.');
    const invalid = NEWSLETTER_RESUBSCRIBE_PAGES.invalid(options);
    expect(invalid).toContain('<h1>This link is invalid or expired</h1>');
    expect(invalid).toContain('To receive our newsletter, subscribe again from the footer of our website');
  });
});
