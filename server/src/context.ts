import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db';
import type { Mailer } from './integrations/mail/mailer';

/** What services are built from: no Fastify in here, so rules stay testable without HTTP. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** The clock; tests inject their own. */
  now: () => Date;
  log: FastifyBaseLogger;
}
