import { validateInput } from "@agntn/tools";
import { Compile } from "typebox/compile";
import { invalidArgs, joinTool, typeboxInput } from "./fixtures.ts";

const c = Compile(typeboxInput);
const t = (label: string, n: number, fn: () => unknown) => {
  for (let i = 0; i < n; i++) fn();
  const s = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(label, (((performance.now() - s) * 1e6) / n).toFixed(0), "ns");
};
t("validateInput invalid", 20000, () => validateInput(joinTool, invalidArgs));
t("compiled.Errors", 20000, () => [...c.Errors(invalidArgs)]);
t("new Error", 20000, () => new Error("x"));
