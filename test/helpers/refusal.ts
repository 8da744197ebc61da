/** Definition tests' one reading of a refusal: the message defineTool throws, or a failure when it throws no ToolDefinitionError. */
import { type AnyTool, defineTool, ToolDefinitionError } from "@agntn/tools";
import { expect } from "vitest";

export function refusal(tool: AnyTool): string {
  try {
    defineTool(tool);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as Error).message;
  }
  throw new Error("defineTool accepted a broken definition");
}
