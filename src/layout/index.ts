export { PortalLayout } from './Layout';
export { PortalAppBar } from './AppBar';
export { PortalMenu } from './Menu';
export { PortalNotification, NetworkErrorNotifier } from './Notification';
export { ContactUsButton } from './ContactUsButton';
export { Logo } from './Logo';
export { menuFor, shortNameOf, type MenuItem } from './menuItems';
export { portalTheme } from './theme';
