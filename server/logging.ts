// The process's logger (pino): JSON lines, with no key of the shop's in them — an error's
// message, stack and cause pass through redactError (server/http/redact.ts, decision 0035),
// and its other fields (a database error's query parameters) are not logged at all.
import pino from "pino";
import { redactError } from "./http/redact.ts";

export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: (error: unknown) => pino.stdSerializers.err(redactError(error) as Error) },
  };
  return destination ? pino(options, destination) : pino(options);
}
