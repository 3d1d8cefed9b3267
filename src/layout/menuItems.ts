// The sidebar of each role (docs/screens.md, Header and sidebar), from the menu entries of the resource
// descriptors: each item has a link (its resource's home), a name, optional children and a short name made
// from the initials of each word.
import type { Role } from '../../contract/constants';
import { RESOURCE_DESCRIPTORS } from '../resources';
import { fillPath, opensHome, type ResourceDescriptor } from '../resources/descriptor';

export interface MenuItem {
  link: string;
  /** The label shown, already translated. */
  name: string;
  /** Initials of each word of the name: shown when the sidebar is collapsed. */
  shortName: string;
  children?: MenuItem[];
}

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

/** The sidebar items of a role, translated: the entries of the resources whose home the role may open. */
export function menuFor(
  role: Role,
  options: MenuOptions,
  translate: (key: string) => string,
  descriptors: readonly ResourceDescriptor[] = RESOURCE_DESCRIPTORS,
): MenuItem[] {
  const shown = descriptors.filter(
    (d) => d.menu && opensHome(d, role) && (!d.menu.needsSubscriptionExpiry || options.hasSubscriptionExpiry),
  );
  const build = (parent: string | undefined): MenuItem[] =>
    shown
      .filter((d) => d.menu?.parent === parent)
      .map((d) => {
        const name = translate(d.menu?.label ?? '');
        const children = build(d.name);
        return {
          link: fillPath(d.routes[0].path),
          name,
          shortName: shortNameOf(name),
          ...(children.length ? { children } : {}),
        };
      });
  return build(undefined);
}
