// The built web app (dist/, WEB_DIST_DIR): its files, and index.html for every client route.
// - A file is sent brotli- or gzip-compressed when the browser accepts it and the build wrote the copy
//   (scripts/precompress.mjs), with `Vary: Accept-Encoding` so that a shared cache keeps the copies apart.
// - The build names every file under /assets/ by a hash of its content: a new build gives it a new name, so the
//   browser may keep it a year without asking again. Anything else (index.html, which names the assets of the
//   current build, and the files of public/) is asked for again on each use (`no-cache`, answered 304 when
//   unchanged).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Where the build puts the files it names by their content's hash (vite's build.assetsDir). */
const HASHED_DIR = 'assets';

function cacheControlFor(root: string) {
  const hashedDir = path.join(root, HASHED_DIR) + path.sep;
  // `file` is the file sent: the .br or .gz copy when one was chosen
  return (reply: FastifyReply, file: string) => {
    reply.header('Cache-Control', file.startsWith(hashedDir) ? IMMUTABLE : REVALIDATE);
  };
}

/**
 * Serves `root` when it holds a build (index.html), and answers the other GET and HEAD requests outside
 * `apiPrefixes` and /assets/ with index.html: a client route (/login, /register/payment, …) that the SPA decides.
 * Anything else not found gets the API's 404 body from `notFound`: a file of /assets/ that is not there (a chunk of
 * an earlier build, asked for by a page loaded before a release) fails as a 404 the browser reports, not as HTML
 * read as a script.
 */
export async function mountWebApp(
  app: FastifyInstance,
  root: string,
  apiPrefixes: readonly string[],
  notFound: (method: string, url: string) => unknown,
): Promise<void> {
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // the copies are chosen for their file, never asked for by name
      globIgnore: ['**/*.br', '**/*.gz'],
      // set by setHeaders, per file; @fastify/send's own would be `public, max-age=0` for all
      cacheControl: false,
      setHeaders: cacheControlFor(path.resolve(root)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const clientRoute = !url.startsWith(`/${HASHED_DIR}/`) && !apiPrefixes.some((p) => url.startsWith(p));
    if (hasWeb && wantsPage && clientRoute) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(notFound(request.method, url));
  });
}
