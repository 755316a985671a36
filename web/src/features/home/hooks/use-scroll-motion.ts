import { useEffect, useRef } from 'react';
import { heroOpacity, heroScale, servicesOpacity } from '../home-motion';

/**
 * The home page's scroll-linked motion: the hero (`hero`) fades and shrinks, the services (`services`)
 * fade in. Written straight to the elements' style once per frame, so scrolling never re-renders React.
 * Visitors who ask for reduced motion get none.
 */
export function useScrollMotion() {
  const hero = useRef<HTMLDivElement>(null);
  const services = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      const y = window.scrollY;
      if (hero.current) {
        hero.current.style.opacity = String(heroOpacity(y));
        hero.current.style.transform = `scale(${heroScale(y)})`;
      }
      if (services.current) services.current.style.opacity = String(servicesOpacity(y));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(apply);
    };
    apply();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.cancelAnimationFrame(frame);
    };
  }, []);

  return { hero, services };
}
