// PGlite's defaults that the config reads too: a module without the drivers (config.ts loads with the app).
/**
 * PGlite's shared_buffers (PGLITE_SHARED_BUFFERS). initdb writes 128MB, and the whole of it is resident in the WASM
 * heap from the start (idle resident set 311 MB against 157 MB with 16MB); 16MB is 2,048 pages of 8 kB, which holds
 * this portal's working set (catalogs, sessions, the lists' pages) apart from a bulk import's.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
