// A setting the server cannot run with: its message names the variable and what it must be (config.ts).
export class ConfigError extends Error {}
