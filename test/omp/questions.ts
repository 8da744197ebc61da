/**
 * Calls inside real OMP with a scripted UI (rpc mode) and approval mode
 * "always-ask": read-tier tools run without a prompt, write-tier tools (write and
 * destructive effects) wait for OMP's approval dialog; questions go through
 * `ctx.ui` dialogs, one per field, with a warning and a second try for a
 * wrong value, and Escape cancelling the form.
 * Run: bun --conditions=agntn-source test/omp/questions.ts
 */
import { openSession, report } from "./harness.ts";

await report(async () => {
  const omp = await openSession({ ui: true, approvalMode: "always-ask" });
  const result = {
    readTier: await omp.call("text_slug", { text: "No Prompt" }),
    renamed: await omp.call("files_rename", { names: ["My File.txt", "Notes 2"] }, ["Approve", "_", "Yes"]),
    notConfirmed: await omp.call("files_rename", { names: ["x y"] }, ["Approve", "-", "No"]),
    escaped: await omp.call("files_rename", { names: ["x y"] }, ["Approve", null]),
    denied: await omp.call("files_rename", { names: ["x y"] }, ["Deny"]),
    form: await omp.call("omp_form", {}, ["Approve", "abc", "3", "[ ] green", "[ ] red", "[x] red", "Done", "No", "", "(leave empty)"]),
    formDefaults: await omp.call("omp_form", {}, ["Approve", "9", "Done", "[ ] blue", "Done", "Yes", "loud please", "fast"]),
    formTwiceWrong: await omp.call("omp_form", {}, ["Approve", "0", "10"]),
  };
  await omp.close();
  return result;
});
