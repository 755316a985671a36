import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Becomes true the first time the element is at least `threshold` visible, and stays true: for parts
 * of a page whose code or data should load only when the visitor gets near them. Without
 * IntersectionObserver (very old browsers) it is true right after the first render. False in
 * prerendered HTML, so hydration starts from what the HTML shows.
 */
export function useVisibleOnce<T extends Element>(threshold: number, rootMargin = '0px') {
  const ref = useRef<T>(null);
  const [seen, setVisible] = useState(false);
  const noObserver = useSyncExternalStore(
    noSubscription,
    () => typeof IntersectionObserver === 'undefined',
    () => false,
  );
  const visible = seen || noObserver;

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, threshold, rootMargin]);

  return { ref, visible };
}
