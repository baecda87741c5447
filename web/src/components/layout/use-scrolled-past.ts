import { useEffect, useState } from 'react';

/**
 * True once the window has scrolled more than `px` pixels (spec §2: the top bar turns translucent).
 * False until the first effect, so a pre-rendered page hydrates into the same markup.
 */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}
