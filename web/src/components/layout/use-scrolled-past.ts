import { useEffect, useState } from 'react';

/** True once the window has scrolled more than `px` pixels (spec §2: the top bar turns translucent). */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => window.scrollY > px);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}
