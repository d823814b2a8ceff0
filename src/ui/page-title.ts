import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { titled } from '../domain/page-title';

/**
 * The window's title while this screen shows `name` ("Name | EventMarket", as the server renders
 * it: src/app/page-meta.ts), so tabs, history and the installed app's switcher tell pages apart.
 * Null (still loading) leaves the app's name, which App puts back on every move to another path.
 */
export function usePageTitle(name: string | null | undefined): void {
  const [path] = useLocation();
  useEffect(() => {
    if (name) document.title = titled(name);
    // The path too: App resets the title on a move, and the next page may carry the same name.
  }, [name, path]);
}
