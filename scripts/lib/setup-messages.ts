/**
 * A problem the person running `npm start` / `npm test` must fix themselves (install something,
 * set a variable). The entry scripts print only its message, without a stack trace, and exit 1:
 * the message is the whole instruction.
 */
export class SetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SetupError';
  }
}

/** Prints a SetupError as plain advice and anything else as the fault it is. */
export function reportFailure(error: unknown): void {
  if (error instanceof SetupError) {
    console.error(`\n✖ ${error.message}\n`);
  } else {
    console.error(error);
  }
}

export function step(message: string): void {
  console.log(`▸ ${message}`);
}

/** Hides the password before a URL is printed. */
export function redactUrl(rawUrl: string): string {
  const url = new URL(rawUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
