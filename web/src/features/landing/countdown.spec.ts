import { countdownText, nextCount, THANK_YOU_COUNTDOWN_SECONDS } from './countdown';

describe('the thank-you countdown', () => {
  it('counts 5, 4, 3, 2, 1, 0 and stays at 0', () => {
    const counts = [THANK_YOU_COUNTDOWN_SECONDS];
    while (counts.length < 7) counts.push(nextCount(counts[counts.length - 1]));
    expect(counts).toEqual([5, 4, 3, 2, 1, 0, 0]);
  });

  it('says how long is left', () => {
    expect(countdownText(5)).toBe('Redirecting to our main website in 5 seconds…');
    expect(countdownText(1)).toBe('Redirecting to our main website in 1 second…');
    expect(countdownText(0)).toBe('Redirecting to our main website in 0 seconds…');
  });
});
