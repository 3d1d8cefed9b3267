export * from './routes';
export * from './resolveRoute';
export { RouteGuard, PublicPathsContext, usePublicPaths } from './RouteGuard';
