// The sidebar of each role (SPEC.md §2) as data: each item has a link, a name, optional children and a
// short name made from the initials of each word of its name.
import type { Role } from '../../contract/constants';

export interface MenuItem {
  link: string;
  /** The label shown, already translated. */
  name: string;
  /** Initials of each word of the name: shown when the sidebar is collapsed. */
  shortName: string;
  children?: MenuItem[];
}

/** A menu entry before translation: `name` is a message key. */
interface MenuEntry {
  link: string;
  name: string;
  children?: MenuEntry[];
  /** Shown only when the service provider has a subscription expiry date. */
  needsSubscriptionExpiry?: boolean;
}

const MENUS: Record<Role, MenuEntry[]> = {
  'service-provider': [
    {
      link: '/account/summary',
      name: 'portal.menu.account',
      children: [{ link: '/account/renewal', name: 'portal.menu.auto_renewal', needsSubscriptionExpiry: true }],
    },
    { link: '/payment-listing', name: 'portal.menu.payment_listing' },
    { link: '/invoice-listing', name: 'portal.menu.invoice_listing' },
    { link: '/import-history', name: 'portal.menu.import_history' },
    {
      link: '/sti-certificate/certificate',
      name: 'portal.menu.sti_certificate',
      children: [{ link: '/sti-certificate/private-key', name: 'portal.menu.private_key' }],
    },
  ],
  reseller: [
    { link: '/reseller/sp', name: 'portal.menu.companies' },
    { link: '/reseller/payment-listing', name: 'portal.menu.payment_listing' },
  ],
  admin: [
    { link: '/admin/resellers', name: 'portal.menu.resellers' },
    { link: '/admin/service-provider', name: 'portal.menu.service_provider' },
    { link: '/admin/payment', name: 'portal.menu.payment' },
    { link: '/admin/invoice', name: 'portal.menu.invoice' },
  ],
};

/** 'Payment Listing' -> 'PL', 'STI-Certificate' -> 'SC': the first letter of each word, upper-cased. */
export function shortNameOf(name: string): string {
  return name
    .split(/[\s\-_/]+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .join('')
    .toUpperCase();
}

export interface MenuOptions {
  /** The service provider's subscription_expired_on exists: the Auto Renewal link is shown. */
  hasSubscriptionExpiry?: boolean;
}

/** The sidebar items of a role, translated. */
export function menuFor(role: Role, options: MenuOptions, translate: (key: string) => string): MenuItem[] {
  const build = (entries: MenuEntry[]): MenuItem[] =>
    entries
      .filter((entry) => !entry.needsSubscriptionExpiry || options.hasSubscriptionExpiry)
      .map((entry) => {
        const name = translate(entry.name);
        const children = entry.children ? build(entry.children) : [];
        return { link: entry.link, name, shortName: shortNameOf(name), ...(children.length ? { children } : {}) };
      });
  return build(MENUS[role]);
}
