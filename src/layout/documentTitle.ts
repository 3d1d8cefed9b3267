// The browser tab names the screen: "<page title> · SHAKEN CA Portal", the product alone where a
// screen has no title. Two callers, so no screen repeats it: the public layout passes its page title, and the
// signed-in header mirrors react-admin's title slot, which every list, show and custom page fills with <Title>.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

// The element react-admin's <TitlePortal> renders and <Title> portals each page title into.
const HEADER_TITLE_ID = 'react-admin-title';

export function useDocumentTitle(page: string | undefined) {
  const translate = useTranslate();
  const product = translate('portal.product');
  const name = page?.trim();
  const text = name ? translate('portal.document_title.page', { page: name, product }) : product;
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** What the signed-in header's title slot says now, followed as pages put their <Title> in and take it out. */
function useHeaderTitle(): string {
  const [title, setTitle] = useState('');
  useEffect(() => {
    const slot = document.getElementById(HEADER_TITLE_ID);
    if (!slot) return undefined;
    const read = () => setTitle(slot.textContent ?? '');
    read();
    const observer = new MutationObserver(read);
    observer.observe(slot, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return title;
}

/** Rendered in the signed-in header after its title slot: the tab follows the header's page title. */
export function HeaderDocumentTitle() {
  useDocumentTitle(useHeaderTitle());
  return null;
}
