/** A bad or missing setting; the message names the variable and never repeats a secret value. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
