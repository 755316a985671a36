import { validateBody } from '@portal/testing';
import { CreateMessageDto } from './create-message.dto';

const modal = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  message: 'I need assistance with Annual Report.',
};

describe('CreateMessageDto', () => {
  it('accepts the modal (blank phone, no type) and the contact page', async () => {
    const fromModal = await validateBody(CreateMessageDto, modal);
    expect(fromModal.errors).toEqual([]);
    expect(fromModal.value).toEqual({ ...modal, phone: undefined });

    const contact = {
      name: ' Jane Doe ',
      email: 'jane@example.com',
      phone: '+1 (919) 555-0142 ext. 12',
      subject: 'LLC question',
      message: 'Hello,\n\nCan you help?',
      type: 'contact_form',
      source: 'website_contact_page',
    };
    const fromPage = await validateBody(CreateMessageDto, contact);
    expect(fromPage.errors).toEqual([]);
    expect(fromPage.value).toMatchObject({ ...contact, name: 'Jane Doe' });
  });

  it('accepts each message type, and null for optional fields', async () => {
    for (const type of ['job_application', 'perk_provider', 'book_call', 'general']) {
      expect((await validateBody(CreateMessageDto, { ...modal, type })).errors).toEqual([]);
    }
    expect((await validateBody(CreateMessageDto, { ...modal, type: 'contact_form', subject: 'Hi' })).errors).toEqual(
      [],
    );
    expect(
      (await validateBody(CreateMessageDto, { ...modal, phone: null, subject: null, source: null })).errors,
    ).toEqual([]);
  });

  it('requires a subject of a contact-page message only', async () => {
    for (const subject of [undefined, null, '', '   ']) {
      expect((await validateBody(CreateMessageDto, { ...modal, type: 'contact_form', subject })).errors).toEqual([
        'Subject is required',
      ]);
    }
    expect(
      (await validateBody(CreateMessageDto, { ...modal, type: 'contact_form', subject: 'x'.repeat(201) })).errors,
    ).toEqual(['Subject must be at most 200 characters long']);
  });

  it('requires name, e-mail and message, one message each', async () => {
    expect((await validateBody(CreateMessageDto, {})).errors).toEqual([
      'Name is required',
      'Please enter your email address',
      'Message is required',
    ]);
    expect((await validateBody(CreateMessageDto, { ...modal, name: '  ', message: '\n' })).errors).toEqual([
      'Name is required',
      'Message is required',
    ]);
  });

  it('enforces the limits: name 200, message 5000, subject 200, source 100', async () => {
    expect((await validateBody(CreateMessageDto, { ...modal, name: 'x'.repeat(200) })).errors).toEqual([]);
    expect((await validateBody(CreateMessageDto, { ...modal, message: 'x'.repeat(5000) })).errors).toEqual([]);
    expect(
      (
        await validateBody(CreateMessageDto, {
          ...modal,
          name: 'x'.repeat(201),
          message: 'x'.repeat(5001),
          subject: 'x'.repeat(201),
          source: 'x'.repeat(101),
        })
      ).errors,
    ).toEqual([
      'Name must be at most 200 characters long',
      'Message must be at most 5000 characters long',
      'Subject must be at most 200 characters long',
      'Source must be at most 100 characters long',
    ]);
  });

  it('refuses a malformed e-mail or phone, an unknown type and unknown fields', async () => {
    expect(
      (await validateBody(CreateMessageDto, { ...modal, email: 'jane@', phone: 'call me', type: 'spam', x: 1 })).errors,
    ).toEqual([
      'property x should not exist',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Type must be one of contact_form, job_application, perk_provider, book_call, general',
    ]);
    expect((await validateBody(CreateMessageDto, { ...modal, phone: '12345' })).errors).toEqual([
      'Please enter a valid phone number',
    ]);
    expect((await validateBody(CreateMessageDto, { ...modal, name: 7, message: ['x'] })).errors).toEqual([
      'Name must be text',
      'Message must be text',
    ]);
  });
});
