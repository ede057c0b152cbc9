/**
 * 'smooth' scrolling unless the visitor asked their system to reduce motion (then the page
 * jumps). CSS covers animations (index.css); scrolls started from script need this.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}
