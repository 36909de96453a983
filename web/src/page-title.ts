// The tab's title: a page names its table's people ("Ann vs Bob"), never a match id.
import { useEffect } from 'preact/hooks';

export const SITE = 'Darkmoor Online';

/** `title` as the tab's title while the page shows (null: leave it), the site's name again after. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
    return () => { document.title = SITE; };
  }, [title]);
}
