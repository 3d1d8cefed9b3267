// useCreatePath as the portal's pages need it: the path of a resource's view is its portal path when its
// descriptor gives one ('/invoice-listing/inv-1'), else react-admin's own.
import { useCallback } from 'react';
import { useCreatePath, useResourceContext, type CreatePathParams } from 'react-admin';
import { descriptorOf } from '.';
import { fillPath, viewRouteOf, VIEW_TYPES, type ViewType } from './descriptor';

const isView = (type: string): type is ViewType => (VIEW_TYPES as readonly string[]).includes(type);

export function usePortalPath(): (params: CreatePathParams) => string {
  const current = useResourceContext();
  const createPath = useCreatePath();
  return useCallback(
    ({ resource = current, type, id }: CreatePathParams) => {
      const descriptor = resource ? descriptorOf(resource) : undefined;
      const route = descriptor && isView(type) ? viewRouteOf(descriptor, type) : undefined;
      return route ? fillPath(route.path, { id: id ?? undefined }) : createPath({ resource, type, id });
    },
    [current, createPath],
  );
}
