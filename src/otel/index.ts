/**
 * @agntn/tools/otel — OpenTelemetry for every host: `telemetry()` is a
 * middleware for `withMiddleware`, on `@opentelemetry/api` alone.
 */
export { type TelemetryOptions, telemetry } from "./telemetry.ts";
