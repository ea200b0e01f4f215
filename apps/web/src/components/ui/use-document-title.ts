import { useEffect } from 'react';
import { useConfig } from '@/lib/config';

/** "Page | Site name", or the site name alone for the home page. */
export function useDocumentTitle(page?: string) {
  const siteName = useConfig().data?.siteName;
  useEffect(() => {
    if (!siteName) return;
    document.title = page ? `${page} | ${siteName}` : siteName;
  }, [page, siteName]);
}
