import { validateBody } from '@portal/testing';
import { JobApplicationDto } from './job-application.dto';

const valid = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+1 (919) 555-0142',
  linkedin: 'https://www.linkedin.com/in/janedoe',
  message: 'Ten years in public accounting.',
  position: 'CPA (Remote, US)',
  type: 'job_application',
  source: 'website_careers_page',
};

describe('JobApplicationDto', () => {
  it('takes a complete application; LinkedIn is optional', async () => {
    expect((await validateBody(JobApplicationDto, valid)).errors).toEqual([]);
    const { value, errors } = await validateBody(JobApplicationDto, { ...valid, linkedin: '  ', source: '' });
    expect(errors).toEqual([]);
    expect(value?.linkedin).toBeUndefined();
    expect(value?.source).toBeUndefined();
  });

  it('names every missing field', async () => {
    expect((await validateBody(JobApplicationDto, { type: 'job_application' })).errors).toEqual([
      'Name is required',
      'Please enter your email address',
      'Phone is required',
      'Message is required',
      'Position is required',
    ]);
  });

  it('refuses a LinkedIn that is not a web address, an unknown position and another type', async () => {
    for (const linkedin of ['linkedin.com/in/jane', 'javascript:alert(1)', 'ftp://linkedin.com/x', 'jane']) {
      expect((await validateBody(JobApplicationDto, { ...valid, linkedin })).errors).toEqual([
        'LinkedIn must be a web address such as https://www.linkedin.com/in/your-name',
      ]);
    }
    const { errors } = await validateBody(JobApplicationDto, { ...valid, position: 'CEO', type: 'contact_form' });
    expect(errors[0]).toMatch(/^Position must be one of: CPA \(Remote, US\), Accountant \(Raleigh, NC\)/);
    expect(errors[1]).toBe('Type must be job_application');
    expect((await validateBody(JobApplicationDto, { ...valid, phone: 'call me' })).errors).toEqual([
      'Please enter a valid phone number',
    ]);
  });
});
