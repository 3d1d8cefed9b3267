// Below 960 px the sidebar gives the page its width: react-admin keeps its drawer open from 600 px up
// (and remembers an opened one), so here it is closed on arrival and after each navigation: under 600 px it is
// then hidden, above that folded to its icons. The menu button still opens it for a while. Back on a wide window,
// a sidebar that was closed for the width (not by the user) opens again.
import { useEffect } from 'react';
import { useSidebarState, useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useIsPhone } from '../components/lists';

export function CollapseSidebar() {
  const phone = useIsPhone();
  const { pathname } = useLocation();
  const [, setOpen] = useSidebarState();
  const [closedForWidth, setClosedForWidth] = useStore('sidebar.closedForWidth', false);
  useEffect(() => {
    if (phone) {
      setOpen(false);
      setClosedForWidth(true);
    } else if (closedForWidth) {
      setOpen(true);
      setClosedForWidth(false);
    }
  }, [phone, pathname, closedForWidth, setOpen, setClosedForWidth]);
  return null;
}
