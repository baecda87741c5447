import { BP } from './bp';

// Blueprint's Spinner geometry: a 100-unit circle of radius 45, a quarter of it drawn as the head.
const PATH = 'M 50,50 m 0,-45 a 45,45 0 1 1 0,90 a 45,45 0 1 1 0,-90';
const LENGTH = 280;

/**
 * Blueprint's Spinner as plain markup with its classes (same look, styled by Blueprint's spinner
 * rules in the public subset), for the start-up screen: the first page loads none of Blueprint's code.
 */
export function PlainSpinner({ size = 32 }: { size?: number }) {
  const strokeWidth = Math.min(16, (4 * 100) / size).toFixed(2);
  return (
    <div className={BP.SPINNER} aria-hidden="true">
      <div className={BP.SPINNER_ANIMATION}>
        <svg width={size} height={size} strokeWidth={strokeWidth} viewBox="-3 -3 106 106">
          <path className={BP.SPINNER_TRACK} d={PATH} />
          <path className={BP.SPINNER_HEAD} d={PATH} pathLength={LENGTH} strokeDasharray={`${LENGTH} ${LENGTH}`} strokeDashoffset={LENGTH * 0.75} />
        </svg>
      </div>
    </div>
  );
}
