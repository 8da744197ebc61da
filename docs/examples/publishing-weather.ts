#!/usr/bin/env node
import process from "node:process";
import { defineTool, Type } from "@agntn/tools";
import { runCli } from "@agntn/tools/cli";

const forecastTool = defineTool({
  name: "weather_forecast",
  title: "Forecast",
  description: "Tomorrow's weather for a city, in the units the user picked.",
  effect: "read",
  input: Type.Object(
    { city: Type.String({ minLength: 1, maxLength: 80, description: "The city's name" }) },
    { additionalProperties: false },
  ),
  execute({ city }) {
    // Both come from the settings below: the host asks the user once and starts the program with them.
    if (!process.env.WEATHER_API_KEY) throw new Error("no API key: set WEATHER_API_KEY");
    const imperial = process.env.WEATHER_UNITS === "imperial";
    const text = `${city} tomorrow: sunny, ${imperial ? "70 °F" : "21 °C"}.`;
    return { content: [{ type: "text", text }], details: { city, units: imperial ? "imperial" : "metric" } };
  },
});

await runCli({
  name: "weather",
  version: "1.2.0",
  description: "Tomorrow's weather for any city.",
  tools: [forecastTool],
  mcp: true,
  bundle: {
    settings: {
      api_key: {
        env: "WEATHER_API_KEY",
        title: "API key",
        description: "The key your weather service gave you.",
        secret: true,
        required: true,
      },
      units: { env: "WEATHER_UNITS", title: "Units", description: "metric or imperial.", default: "metric" },
    },
  },
});
