// The data requests of a signed-in page, started as the HTML is read, before the app's scripts arrive (docs/web.md,
// "A reload of a signed-in page"). The app remembers, per user and address, the GETs a page made when it opened
// (src/routing/earlyGets.ts, which owns the storage format); a reload of that address starts them here, and the
// app's own GET of the same URL takes the answer instead of asking again. Plain script, no imports: it must run
// before any module. Anything unexpected (no session, storage refused, a malformed entry) starts nothing.
(function () {
  'use strict';
  var started = {};
  window.__portalEarlyGets = started;
  try {
    var token = localStorage.getItem('token');
    if (!token) return;
    var payload = token.split('.')[1];
    if (!payload) return;
    var claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return;
    var pages = JSON.parse(sessionStorage.getItem('portal.earlyGets') || '{}') || {};
    var urls = pages[claims.sub + ' ' + location.pathname + location.search];
    if (!Array.isArray(urls)) return;
    for (var i = 0; i < urls.length && i < 6; i++) {
      var url = urls[i];
      // only the portal's own API, by path
      if (typeof url !== 'string' || url.indexOf('/api/') !== 0 || started[url]) continue;
      var response = fetch(url, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      });
      response.catch(function () {});
      started[url] = { at: Date.now(), response: response };
    }
  } catch {
    // nothing started early: the page asks for its data itself
  }
})();
