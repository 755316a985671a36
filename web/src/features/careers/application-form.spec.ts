import { APPLICATION_POSITIONS, RESUME_MAX_BYTES } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import {
  APPLICATION_MESSAGES,
  applicationErrorMessage,
  applicationFields,
  applicationFormData,
  checkResumeFile,
  isWebAddress,
  validateApplication,
  type ApplicationValues,
} from './application-form';

const values = (overrides: Partial<ApplicationValues> = {}): ApplicationValues => ({
  name: ' Jane Doe ',
  email: 'jane@example.com',
  phone: '+1 919 555 0142',
  linkedin: '',
  position: 'CPA (Remote, US)',
  message: 'Ten years in public accounting.',
  ...overrides,
});
const pdf = { name: 'cv.pdf', size: 1000 };

describe('checkResumeFile', () => {
  it.each(['cv.pdf', 'CV.PDF', 'cv.doc', 'cv.docx', 'deck.ppt', 'deck.pptx', 'cv.txt'])('accepts %s', (name) => {
    expect(checkResumeFile({ name, size: 10 })).toBeNull();
  });

  it.each(['photo.png', 'cv.pages', 'cv', 'cv.pdf.exe', 'cv.rtf'])('refuses %s with the spec text', (name) => {
    expect(checkResumeFile({ name, size: 10 })).toBe('Please upload a valid file type (PDF, Word, PowerPoint, or TXT)');
  });

  it('refuses a file over the limit', () => {
    expect(checkResumeFile({ name: 'cv.pdf', size: RESUME_MAX_BYTES })).toBeNull();
    expect(checkResumeFile({ name: 'cv.pdf', size: RESUME_MAX_BYTES + 1 })).toBe(APPLICATION_MESSAGES.resumeTooLarge);
  });
});

describe('validateApplication', () => {
  it('accepts a complete application; LinkedIn may be empty', () => {
    expect(validateApplication(values(), pdf)).toBeNull();
    expect(validateApplication(values({ linkedin: 'https://www.linkedin.com/in/jane' }), pdf)).toBeNull();
  });

  it('names the first problem and its field, in the form order', () => {
    expect(validateApplication(values({ name: ' ' }), pdf)).toEqual({
      message: 'Please enter your name',
      field: 'name',
    });
    expect(validateApplication(values({ email: 'jane@' }), pdf)?.field).toBe('email');
    expect(validateApplication(values({ phone: '' }), pdf)?.field).toBe('phone');
    expect(validateApplication(values({ phone: 'call me' }), pdf)).toEqual({
      message: 'Please enter a valid phone number',
      field: 'phone',
    });
    expect(validateApplication(values({ linkedin: 'linkedin.com/in/jane' }), pdf)).toEqual({
      message: APPLICATION_MESSAGES.linkedinInvalid,
      field: 'linkedin',
    });
    expect(validateApplication(values({ position: '' }), pdf)?.field).toBe('position');
    expect(validateApplication(values({ position: 'CEO' }), pdf)?.field).toBe('position');
    expect(validateApplication(values({ message: '' }), pdf)?.field).toBe('message');
    expect(validateApplication(values(), null)).toEqual({ message: 'Please attach your resume', field: 'resume' });
    expect(validateApplication(values(), { name: 'cv.exe', size: 1 })?.field).toBe('resume');
  });

  it('takes every listed position and the general application', () => {
    expect(APPLICATION_POSITIONS).toContain('General Application');
    for (const position of APPLICATION_POSITIONS) expect(validateApplication(values({ position }), pdf)).toBeNull();
  });
});

describe('isWebAddress', () => {
  it('wants http(s) and a host name with a dot', () => {
    expect(isWebAddress('https://www.linkedin.com/in/jane')).toBe(true);
    expect(isWebAddress('http://linkedin.com/in/jane')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('https://localhost')).toBe(false);
    expect(isWebAddress('jane')).toBe(false);
  });
});

describe('the multipart body', () => {
  it('sends the spec type and source, trimmed values, no empty LinkedIn, the resume last', () => {
    expect(applicationFields(values())).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+1 919 555 0142',
      message: 'Ten years in public accounting.',
      position: 'CPA (Remote, US)',
      type: 'job_application',
      source: 'website_careers_page',
    });
    const resume = Object.assign(new Blob(['%PDF-1.7']), { name: 'cv.pdf' });
    const form = applicationFormData(values({ linkedin: 'https://linkedin.com/in/jane' }), resume);
    const names = [...form.keys()];
    expect(names).toEqual(['name', 'email', 'phone', 'linkedin', 'message', 'position', 'type', 'source', 'resume']);
    expect((form.get('resume') as File).name).toBe('cv.pdf');
  });
});

describe('applicationErrorMessage', () => {
  it("says the spec's words, or the server's for a resume too large and a rate limit", () => {
    expect(applicationErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'There was an error submitting your application. Please try again.',
    );
    expect(applicationErrorMessage(new ApiError(400, 'x', { detail: 'Phone is required' }))).toBe(
      APPLICATION_MESSAGES.failed,
    );
    const tooLarge = 'The resume is larger than 5 MB. Please upload a smaller file.';
    expect(applicationErrorMessage(new ApiError(413, tooLarge, { detail: tooLarge }))).toBe(tooLarge);
    const limited = 'Too many attempts. Please try again in 40 minutes.';
    expect(applicationErrorMessage(new ApiError(429, limited, { detail: limited }))).toBe(limited);
  });
});
