// Stands in for the `object.entries` package (vite.config.ts aliases it here). node-polyglot requires it as a
// polyfill, and it pulls es-abstract's pieces (get-intrinsic, call-bind, define-properties, object-keys…) into
// the sign-in page's first load; every browser the portal supports has Object.entries itself.
/* global module */
'use strict';

module.exports = function entries(object) {
  return Object.entries(object);
};
