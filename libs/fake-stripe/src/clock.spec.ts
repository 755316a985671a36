import { addIntervals, Clock } from './clock';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('addIntervals', () => {
  it('keeps the anchor day, clamped to shorter months', () => {
    const anchor = at('2027-01-31T10:00:00Z');
    expect(addIntervals(anchor, 'month', 1, 1)).toBe(at('2027-02-28T10:00:00Z'));
    expect(addIntervals(anchor, 'month', 1, 2)).toBe(at('2027-03-31T10:00:00Z'));
    expect(addIntervals(anchor, 'month', 1, 13)).toBe(at('2028-02-29T10:00:00Z'));
  });

  it('adds days, weeks and years', () => {
    const anchor = at('2027-05-15T00:00:00Z');
    expect(addIntervals(anchor, 'day', 30, 1)).toBe(at('2027-06-14T00:00:00Z'));
    expect(addIntervals(anchor, 'week', 2, 1)).toBe(at('2027-05-29T00:00:00Z'));
    expect(addIntervals(anchor, 'year', 1, 2)).toBe(at('2029-05-15T00:00:00Z'));
  });
});

describe('Clock', () => {
  it('moves forward only, and stands still at a moment while work runs there', () => {
    const clock = new Clock();
    const start = clock.now();
    clock.moveTo(start + 3600);
    expect(clock.now()).toBeGreaterThanOrEqual(start + 3600);
    clock.moveTo(start);
    expect(clock.now()).toBeGreaterThanOrEqual(start + 3600);
    expect(clock.at(start + 7200, () => clock.now())).toBe(start + 7200);
  });
});
