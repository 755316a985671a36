/** /thank-you counts down from 5 to 0, then goes to the main website (spec part 1, sections 2 and 4). */
export const THANK_YOU_COUNTDOWN_SECONDS = 5;

export function countdownText(secondsLeft: number): string {
  const seconds = Math.max(0, Math.ceil(secondsLeft));
  return `Redirecting to our main website in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}…`;
}

/** The next count after one tick; 0 is the last and means "go now". */
export function nextCount(secondsLeft: number): number {
  return Math.max(0, secondsLeft - 1);
}
