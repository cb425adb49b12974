import pino from "pino";

/** The server's structured log: one JSON line per event (docs/decisions/015a-process-and-operability.md). */
export type Logger = pino.Logger;

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * NOTE: stdout is written asynchronously (sonic-boom): a synchronous write per request line cost the API read a
 * large share of its time. pino flushes what is buffered on a normal exit; a kill -9 may lose the last lines.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination ?? pino.destination({ sync: false }));
}
