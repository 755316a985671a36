import { slowdownSeconds } from './login-throttle';

describe('slowdownSeconds', () => {
  it('is nothing below 10 wrong passwords, then 2 s doubling every 10 more, at most a minute', () => {
    expect([0, 9].map(slowdownSeconds)).toEqual([0, 0]);
    expect([10, 19, 20, 30, 40, 50, 60, 1000].map(slowdownSeconds)).toEqual([2, 2, 4, 8, 16, 32, 60, 60]);
  });
});
