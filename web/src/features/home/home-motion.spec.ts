import { heroOpacity, heroScale, servicesOpacity, servicesScrollTop, staggerDelayMs } from './home-motion';

describe('home motion', () => {
  it('fades the hero out over 300 px', () => {
    expect([0, 150, 300, 600, -40].map(heroOpacity)).toEqual([1, 0.5, 0, 0, 1]);
  });

  it('shrinks the hero to a 0.8 floor over 600 px', () => {
    expect(heroScale(0)).toBe(1);
    expect(heroScale(300)).toBeCloseTo(0.9);
    expect(heroScale(600)).toBeCloseTo(0.8);
    expect(heroScale(5000)).toBeCloseTo(0.8);
  });

  it('fades the services in between 200 and 500 px', () => {
    expect(servicesOpacity(0)).toBe(0);
    expect(servicesOpacity(200)).toBe(0);
    expect(servicesOpacity(350)).toBeCloseTo(0.5);
    expect(servicesOpacity(500)).toBe(1);
    expect(servicesOpacity(2000)).toBe(1);
  });

  it('staggers images at 150 ms, then 250 ms steps', () => {
    expect([0, 1, 2, 3].map(staggerDelayMs)).toEqual([0, 150, 400, 650]);
  });

  it('stops 20 px above the services section, below the header', () => {
    expect(servicesScrollTop(1000, 72)).toBe(908);
    expect(servicesScrollTop(50, 72)).toBe(0);
  });
});
