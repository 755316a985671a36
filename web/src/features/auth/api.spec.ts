import { registrationPayload } from './api';

describe('registrationPayload', () => {
  it('sends the e-mail as the username too, with the names as first_name and last_name (spec part 1, sections 3 and 7)', () => {
    expect(
      registrationPayload({
        email: 'ann@example.com',
        password: 'Harbor-pass1',
        confirmPassword: 'Harbor-pass1',
        firstName: 'Ann',
        lastName: 'Lee',
      }),
    ).toEqual({
      email: 'ann@example.com',
      password: 'Harbor-pass1',
      confirmPassword: 'Harbor-pass1',
      first_name: 'Ann',
      last_name: 'Lee',
      username: 'ann@example.com',
    });
  });

  it('takes the username from the e-mail as typed, without the spaces around it', () => {
    const payload = registrationPayload({
      email: '  ann+tax@example.com ',
      password: 'Harbor-pass1',
      confirmPassword: 'Harbor-pass1',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect([payload.email, payload.username]).toEqual(['ann+tax@example.com', 'ann+tax@example.com']);
  });
});
