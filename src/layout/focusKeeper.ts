// Where the keyboard's focus goes when what held it leaves the page (docs/accessibility.md, "Keyboard"): an action
// done may take its own button and dialog away (a refunded order offers no second refund), and the browser then
// drops the focus on the page's body, from where a keyboard user starts again at the top. The page's main part
// takes it instead (held, not a Tab stop), so Tab goes on from there.
import { useEffect } from 'react';

export function useFocusKeeper() {
  useEffect(() => {
    const onLeave = (e: FocusEvent) => {
      const left = e.target as Node;
      // two frames: the removal and MUI's own hand-back of a closing dialog's focus are done by then
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (left.isConnected || document.activeElement !== document.body) return;
          const main = document.getElementById('main-content');
          if (!main) return;
          main.tabIndex = -1;
          main.focus({ preventScroll: true });
        }),
      );
    };
    document.addEventListener('focusout', onLeave);
    return () => document.removeEventListener('focusout', onLeave);
  }, []);
}
