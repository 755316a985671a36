import type { AppConfig } from '@portal/config';
import type { AuditTrail, Outbox } from '@portal/events';
import type { RateLimiter } from '@portal/http';
import type { DataSource } from 'typeorm';
import { AS_OF_IN_PRODUCTION, DeadlineAlertsService } from './deadline-alerts.service';

const service = (isProduction: boolean) =>
  new DeadlineAlertsService(
    {} as DataSource,
    {} as Outbox,
    {} as RateLimiter,
    { isProduction, appUrl: 'https://portal.example.com', FIRM_TIME_ZONE: 'America/New_York' } as AppConfig,
    {} as AuditTrail,
  );

describe('DeadlineAlertsService.runDay', () => {
  it('runs for today where the firm is unless told a day: late evening in New York is not tomorrow yet', () => {
    expect(service(false).runDay(undefined, new Date('2026-11-23T23:30:00-05:00'))).toBe('2026-11-23');
    expect(service(false).runDay(undefined, new Date('2026-11-24T05:30:00Z'))).toBe('2026-11-24');
    expect(service(true).runDay(undefined, new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
    expect(service(false).runDay('2031-03-08')).toBe('2031-03-08');
  });

  it('refuses a chosen day in production', () => {
    expect(() => service(true).runDay('2031-03-08')).toThrow(
      expect.objectContaining({ response: { detail: AS_OF_IN_PRODUCTION }, status: 400 }),
    );
  });
});
