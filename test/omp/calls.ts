/**
 * Headless calls inside real OMP (no UI): success, bad input (the TypeBox
 * rewrite immunity check), a returned isError, a throw, a malformed result,
 * details against an output schema, progress, a question without a UI, the
 * approval tier OMP recorded and the `i` parameter OMP injects. Then the same
 * bad input with `validation: "host"`, where OMP answers first, and a list
 * with a duplicate name, which registers nothing.
 * Run: bun --conditions=agntn-source test/omp/calls.ts
 */
import type { OmpScenario } from "../fixtures/omp-extension.ts";
import { openSession, report } from "./harness.ts";

await report(async () => {
  // text_slug alone is "essential", so it is the one of ours sent to the model up front; the rest stay discoverable.
  const omp = await openSession({ scenario: { options: { perTool: { text_slug: { loadMode: "essential" } } } } });
  const scenario = (
    globalThis as {
      agntnOmpScenario?: OmpScenario;
    }
  ).agntnOmpScenario;
  const calls = {
    success: await omp.call("text_slug", { text: "Héllo, Wörld!", separator: "_" }),
    withIntent: await omp.call("text_slug", { text: "Intent kept out", i: "slug a title" }),
    missing: await omp.call("text_slug", {}),
    empty: await omp.call("text_slug", { text: "" }),
    tooLong: await omp.call("text_slug", { text: "x".repeat(201), separator: "+" }),
    returnedError: await omp.call("text_slug", { text: "!!!" }),
    thrown: await omp.call("omp_throw", {}),
    malformed: await omp.call("omp_malformed", {}),
    reportOk: await omp.call("omp_report", {}),
    reportWrong: await omp.call("omp_report", { wrong: true }),
    progress: await omp.call("text_count", { text: "one two\nthree\nfour five six" }),
    noUi: await omp.call("files_rename", { names: ["a b"] }),
  };
  const approvals = Object.fromEntries(
    ["text_slug", "text_count", "files_rename", "omp_form"].map((name) => [name, omp.session.getToolByName(name)?.approval]),
  );
  const wire = omp.wireSchema("text_slug") as { required?: string[]; properties?: Record<string, unknown> };
  const upFront = ["text_slug", "text_count"].filter((name) => omp.wireSchema(name) !== undefined);
  await omp.close();

  const host = await openSession({ scenario: { options: { validation: "host" } } });
  const hostValidated = await host.call("text_slug", { text: "" });
  await host.close();

  const twice = await openSession({ scenario: { duplicate: true } });
  const duplicate = {
    registrationError: (globalThis as { agntnOmpScenario?: { registrationError?: string } }).agntnOmpScenario?.registrationError,
    registered: ["text_slug", "text_count"].filter((name) => twice.session.getToolByName(name) !== undefined),
    call: await twice.call("text_count", { text: "a" }),
  };
  await twice.close();

  return {
    duplicate,
    rewrittenSchemaType: scenario?.rewrittenSchemaType,
    rewrittenSchemaAcceptsNumber: scenario?.rewrittenSchemaAcceptsNumber,
    rewrittenToolError: scenario?.rewrittenToolError ?? null,
    registrationError: scenario?.registrationError ?? null,
    calls,
    approvals,
    upFront,
    intent: { required: wire?.required, hasProperty: Object.hasOwn(wire?.properties ?? {}, "i") },
    hostValidated,
  };
});
