// The entry of `npm run verify`: the command line's arguments to runVerifyCli, its answer to the exit code. npm runs
// scripts in the package's folder, so the script passes `--cwd` the folder the command was typed in (INIT_CWD), where
// file arguments are read.
import { runVerifyCli } from './cli';

process.exitCode = await runVerifyCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
