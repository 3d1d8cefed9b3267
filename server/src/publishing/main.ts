// The entry of `npm run publish`: the command line's arguments to runPublishCli, its answer to the exit code.
import { ConfigError } from '../config';
import { runPublishCli } from './rebuildCli';

try {
  process.exitCode = await runPublishCli(process.argv.slice(2), (text) => process.stdout.write(text));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 2;
}
