import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's score (0 to 4) below which a password is refused: 0 and 1 are passwords of the
 * common-password lists (@zxcvbn-ts/language-common: leaked passwords and diceware words)
 * and what is as easy to guess (spaces around a digit, keyboard walks, `Password1!`),
 * under a million guesses.
 */
const MIN_SCORE = 2;

/**
 * Characters estimated: the estimate runs on the event loop and its cost grows quickly with
 * length (over 100 ms for 128 characters); a password whose first 32 are hard to guess is.
 */
const MAX_ESTIMATED_LENGTH = 32;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes a moment and some memory. */
function zxcvbn(): ZxcvbnFactory {
  return (estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: MAX_ESTIMATED_LENGTH,
  }));
}

/** Whether a password is common, or as easy to guess as one (`"        1!"`, `Password1!`). */
export function isCommonPassword(password: string): boolean {
  return zxcvbn().check(password).score < MIN_SCORE;
}
