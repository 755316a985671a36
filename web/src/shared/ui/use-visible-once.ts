import { useEffect, useRef, useState } from 'react';

/**
 * Becomes true the first time the element is at least `threshold` visible, and stays true: for parts
 * of a page whose code or data should load only when the visitor gets near them. Without
 * IntersectionObserver (very old browsers) it is true at once.
 */
export function useVisibleOnce<T extends Element>(threshold: number, rootMargin = '0px') {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

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
