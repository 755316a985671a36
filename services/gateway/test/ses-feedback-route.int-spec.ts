import { useTestApp } from '@portal/testing';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-feedback';
const PATH = '/api/notifications/ses-feedback';

/** An SNS envelope as SNS posts it; the signature is checked by the notifications service's own tests. */
const envelope = (fields: Record<string, string> = {}) => ({
  Type: 'Notification',
  MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
  TopicArn: TOPIC,
  Message: JSON.stringify({ notificationType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [] } }),
  Timestamp: new Date().toISOString(),
  SignatureVersion: '1',
  Signature: 'c2lnbmF0dXJl',
  SigningCertURL: 'https://evil.example.com/SimpleNotificationService-0123.pem',
  ...fields,
});

/**
 * SES feedback reaches the notifications service through the gateway as SNS sends it: a JSON body with
 * Content-Type text/plain and the x-amz-sns-message-type header. Nothing here needs the network: every
 * message is refused before a certificate would be fetched.
 */
describe('the SES feedback endpoint through the gateway', () => {
  const app = useTestApp({ SES_FEEDBACK_TOPIC_ARNS: TOPIC });
  const post = (body: unknown, type = 'Notification') =>
    fetch(`${app.gateway.baseUrl}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': type },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { detail?: string } }));

  it('reads the text/plain JSON and refuses a certificate not on an SNS host, an unknown topic, a wrong header', async () => {
    expect(await post(envelope())).toEqual({
      status: 400,
      body: expect.objectContaining({ detail: 'SigningCertURL is not an Amazon SNS certificate address.' }),
    });
    expect((await post(envelope({ TopicArn: 'arn:aws:sns:us-east-1:123456789012:other' }))).status).toBe(403);
    expect(await post(envelope(), 'SubscriptionConfirmation')).toEqual({
      status: 400,
      body: expect.objectContaining({ detail: 'The x-amz-sns-message-type header does not match the message’s Type.' }),
    });
    const rows = await app.sql('SELECT count(*)::int AS count FROM notifications.mail_suppressions');
    expect(rows).toEqual([{ count: 0 }]);
  });
});
